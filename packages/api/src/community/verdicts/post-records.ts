import { sql } from "drizzle-orm";
import { postVotes, posts, resultRows, type Executor, type PostComparison } from "@parley/db";
import { styleOf } from "../../conversation/chat/battle/style";
import { aliased, blindSetLineage } from "../post/lineage";
import { columnOrder, isOrderOf } from "../post/shown-order";
import { voteColumns, voteLeftOutReason, type LeftOutReason, type VoteCounting } from "../post/votes";
import type { LeftOut, LoadedVotes, VoteRecord } from "./types";

/** A model's name as shown on the board: the one on its newest comparison post. */
export type ModelNames = Map<string, { modelId: string | null; modelName: string }>;


/** Per column of a comparison: characters of its answers over all turns, and their markdown count. */
export function columnStyle(comparison: PostComparison) {
  const columns = comparison.models.length;
  const lengths = new Array<number>(columns).fill(0);
  const markdown = new Array<number>(columns).fill(0);
  for (const turn of comparison.turns) {
    turn.answers.forEach((answer, column) => {
      if (column >= columns) return;
      // Read as a battle's answers are, so both kinds of vote feed style control the same measures.
      const style = styleOf(answer.content);
      lengths[column]! += style.length;
      markdown[column]! += style.markdown;
    });
  }
  return { lengths, markdown };
}

type PostEntry = { models: string[]; categories: string[]; promptId: number | null; lengths: number[]; markdown: number[] };

/** Why a post vote is left out, as the board says it (LEFT_OUT_REASONS of post/votes.ts, and hidden posts). */
const LEFT_OUT_TEXT: Record<LeftOutReason | "hidden", string> = {
  hidden: "on comparison posts hidden by moderation",
  author: "cast by the comparison's author, who knows the models",
  not_blind: "not cast blind (changed after the models were shown, or cast knowing them from another post of the same comparison)",
  waiting: "from accounts too new to count yet (they count once the account is old enough)",
  capped: "over a person's daily cap on counted votes",
};

/**
 * Counted votes on comparison posts as VoteRecords: one per vote, the answers in the order the
 * voter was shown them (column order for votes cast before the shuffle), its first category (all
 * of them in `categories`), the prompt it started from, each answer's length and markdown.
 * Votes on posts hidden by moderation and votes that do not count (voteLeftOutReason) are left
 * out, and counted by reason.
 */
export async function postVoteRecords(db: Executor, counting: VoteCounting): Promise<LoadedVotes & { names: ModelNames }> {
  const comparisons = resultRows<{ id: number; comparison: PostComparison; categories: string[] | null; prompt_id: number | null }>(
    await db.execute(sql`select ${posts.id} as id, ${posts.comparison} as comparison, ${posts.categories} as categories, ${posts.promptId} as prompt_id
      from ${posts} where ${posts.comparison} is not null and ${posts.hiddenAt} is null order by ${posts.id}`),
  );
  const entries = new Map<number, PostEntry>();
  const names: ModelNames = new Map();
  for (const row of comparisons) {
    const models = row.comparison.models.map((model) => model.modelId ?? model.modelName);
    // Rows come oldest first: the newest post's name stays.
    row.comparison.models.forEach((model, i) => names.set(models[i]!, { modelId: model.modelId, modelName: model.modelName }));
    entries.set(Number(row.id), { models, categories: row.categories ?? [], promptId: row.prompt_id === null ? null : Number(row.prompt_id), ...columnStyle(row.comparison) });
  }
  const v = voteColumns("v");
  const votes = resultRows<{ post_id: number; col: number; shown_order: number[] | null; day: string; reason: LeftOutReason | null; hidden: boolean }>(
    await db.execute(sql`
      with recursive ${blindSetLineage()}
      select ${v.postId} as post_id, ${aliased("v", postVotes.column)} as col, ${aliased("v", postVotes.shownOrder)} as shown_order,
             to_char(${v.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day,
             ${voteLeftOutReason(v, counting)} as reason,
             ${aliased("p", posts.hiddenAt)} is not null as hidden
      from ${postVotes} v join ${posts} p on ${aliased("p", posts.id)} = ${v.postId}
      where ${aliased("p", posts.comparison)} is not null
      order by ${v.postId}`),
  );
  const records: VoteRecord[] = [];
  const leftOut = new Map<LeftOutReason | "hidden", number>();
  const orders = new Map<string, { shown: string[]; lengths: number[]; markdown: number[] }>();
  for (const vote of votes) {
    const entry = entries.get(Number(vote.post_id));
    const why = vote.hidden || !entry ? "hidden" : vote.reason;
    if (why !== null) {
      leftOut.set(why, (leftOut.get(why) ?? 0) + 1);
      continue;
    }
    const columns = entry!.models.length;
    const order = isOrderOf(vote.shown_order, columns) ? vote.shown_order : columnOrder(columns);
    const choice = order.indexOf(Number(vote.col));
    if (choice < 0) continue;
    // The votes of one post shown in one order share their arrays (a board of a million votes keeps them all).
    const key = `${vote.post_id}:${order.join(",")}`;
    let shown = orders.get(key);
    if (!shown) {
      const at = (values: number[]) => order.map((column) => values[column]!);
      orders.set(key, (shown = { shown: order.map((column) => entry!.models[column]!), lengths: at(entry!.lengths), markdown: at(entry!.markdown) }));
    }
    records.push({
      source: "post",
      comparisonId: `post:${vote.post_id}`,
      shown: shown.shown,
      choice,
      category: entry!.categories[0] ?? null,
      ...(entry!.categories.length > 1 && { categories: entry!.categories }),
      day: vote.day,
      promptId: entry!.promptId,
      lengths: shown.lengths,
      markdown: shown.markdown,
    });
  }
  const reasons: LeftOut[] = [...leftOut].map(([why, count]) => ({ reason: LEFT_OUT_TEXT[why], votes: count }));
  return { records, leftOut: reasons, names };
}
