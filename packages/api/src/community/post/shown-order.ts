import { createHmac } from "node:crypto";

/** Column labels of a comparison, in the order its answers are shown. */
export const SHOWN_LABELS = ["A", "B", "C", "D"] as const;

/**
 * The order one viewer is shown a comparison post's columns in: `order[i]` is the column shown
 * i-th (labelled `SHOWN_LABELS[i]`). A shuffle drawn from HMAC-SHA256 of the viewer's id under
 * the post's own secret key (`posts.shuffle_key`, never sent), so it is the same every time that
 * viewer opens the post, differs from viewer to viewer (each of the k! orders equally likely),
 * and cannot be worked out from anything a viewer sees. The labels a person votes by then carry
 * no position bias of the author's order. Anonymous readers (public links) share one order per
 * post: the one of the nobody id.
 */
export function shownOrderFor(shuffleKey: string, viewerId: string, columns: number): number[] {
  const digest = createHmac("sha256", shuffleKey).update(viewerId).digest();
  const order = Array.from({ length: columns }, (_, column) => column);
  // Fisher-Yates, each draw from 32 bits of the digest (a bias under 1e-9 for k <= 4).
  for (let i = columns - 1; i > 0; i--) {
    const j = digest.readUInt32BE(((columns - 1 - i) * 4) % 32) % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The column order itself: what the author, who picked it, is shown, and what votes cast before the shuffle were shown. */
export const columnOrder = (columns: number) => Array.from({ length: columns }, (_, column) => column);

/** Whether `order` is a permutation of the columns 0..columns-1 (a stored order read back). */
export function isOrderOf(order: readonly number[] | null | undefined, columns: number): order is number[] {
  if (!order || order.length !== columns) return false;
  const seen = new Set(order);
  return seen.size === columns && order.every((column) => Number.isInteger(column) && column >= 0 && column < columns);
}
