import { and, eq } from "drizzle-orm";
import { posts, type Database, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import { checkOutgoing, type PrivacyChoice, type PrivacyPerson } from "../../account/sharing/privacy-check";
import type { PostSnapshot } from "./post-row";
import { snapshotTexts, withCheckedTexts } from "./post-snapshot";
import { POST_NOT_FOUND } from "./visibility";

/** The caller's own post as it stands (someone else's is a 404): what its public link would show. */
export async function getOwnPostSnapshot(db: Executor, userId: string, postId: number): Promise<PostSnapshot> {
  const [post] = await db
    .select({ messages: posts.messages, comparison: posts.comparison, modelVersions: posts.modelVersions })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .limit(1);
  if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
  return post;
}

/**
 * The privacy check before a post's public link opens: the chosen findings are redacted in the
 * post itself (its page, public page, preview, exports and forks all read it), so the link
 * never shows them; `redactedAt` tells the preview image to be drawn again.
 */
export async function redactPostForLink(db: Database, user: PrivacyPerson & { id: string }, postId: number, choice: PrivacyChoice, now: Date) {
  await db.transaction(async (tx) => {
    const snapshot = await getOwnPostSnapshot(tx, user.id, postId);
    const checked = await checkOutgoing(tx, snapshotTexts(snapshot), user, choice);
    if (checked.redacted.length === 0) return;
    const { messages, comparison } = withCheckedTexts(snapshot, checked);
    await tx
      .update(posts)
      // redactedAt: its preview image shows the snapshot, so it is drawn again.
      .set({ messages, comparison, redactedAt: now })
      .where(and(eq(posts.id, postId), eq(posts.userId, user.id)));
  });
}
