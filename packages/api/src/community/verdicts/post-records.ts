import { sql } from "drizzle-orm";
import { posts, resultRows, whenQuiet, type Executor, type PostComparison } from "@parley/db";
import { styleOf } from "../../conversation/chat/battle/style";
import { ratedVote } from "../../conversation/chat/rated";
import type { BallotShape } from "./types";

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

/** What the board reads of a comparison post: its models (by key, in column order) and names, categories, prompt, and each column's style. */
export type PostEntry = {
  id: number;
  models: string[];
  names: { modelId: string | null; modelName: string }[];
  categories: string[];
  promptId: number | null;
  lengths: number[];
  markdown: number[];
  hidden: boolean;
  /** Every model of it is rated (conversation/chat/rated.ts): only then do its votes count on the board. */
  rated: boolean;
  /** What the board's gatherer keeps of it between refits (records.ts). */
  board: PostBoardState;
};

/** The gatherer's working state of a post: its shape (its answers in column order) and its style pool key (style-pool.ts; the same in any order). */
export type PostBoardState = { shape: BallotShape | undefined; poolKey: string | null | undefined };

/** Posts' comparisons read per step (their ids and row versions: as many as the gatherer's steps say). */
const COMPARISONS_PER_STEP = 100;

/**
 * The comparison posts the board reads, kept between refits: each post's entry with the version
 * of its row (`xmin`, which any update of the row changes: a redaction, a category, hiding). A
 * refit reads every comparison post's id, version and hidden mark, and the comparison itself
 * (the answers' text, to measure their style) only of posts new or changed since the last refit,
 * all in bounded steps, so the embedded database serves other requests between them.
 */
export class PostEntries {
  private entries = new Map<number, PostEntry & { version: string }>();

  constructor(private readonly idsPerStep = 2_000) {}

  /** Brings the entries up to date with the database; resolves with them, by post id, oldest first. */
  async refresh(db: Executor): Promise<ReadonlyMap<number, PostEntry>> {
    const seen = new Set<number>();
    const stale: number[] = [];
    for (let after = 0; ;) {
      await whenQuiet(db);
      const rows = resultRows<{ id: number; version: string; hidden: boolean }>(
        await db.execute(sql`select ${posts.id} as id, ${posts}.xmin::text as version, ${posts.hiddenAt} is not null as hidden
          from ${posts} where ${posts.comparison} is not null and ${posts.id} > ${after} order by ${posts.id} limit ${this.idsPerStep}`),
      );
      for (const row of rows) {
        const id = Number(row.id);
        seen.add(id);
        const entry = this.entries.get(id);
        if (!entry || entry.version !== row.version) stale.push(id);
      }
      if (rows.length < this.idsPerStep) break;
      after = Number(rows.at(-1)!.id);
    }
    for (const id of this.entries.keys()) if (!seen.has(id)) this.entries.delete(id);
    for (let from = 0; from < stale.length; from += COMPARISONS_PER_STEP) {
      const ids = stale.slice(from, from + COMPARISONS_PER_STEP);
      await whenQuiet(db);
      const rows = resultRows<{
        id: number;
        version: string;
        comparison: PostComparison | null;
        categories: string[] | null;
        prompt_id: number | null;
        hidden: boolean;
      }>(
        await db.execute(sql`select ${posts.id} as id, ${posts}.xmin::text as version, ${posts.comparison} as comparison, ${posts.categories} as categories,
            ${posts.promptId} as prompt_id, ${posts.hiddenAt} is not null as hidden
          from ${posts} where ${posts.id} = any(${sql.raw(`'{${ids.join(",")}}'`)}::int[])`),
      );
      for (const row of rows) {
        if (!row.comparison) continue;
        const models = row.comparison.models.map((model) => model.modelId ?? model.modelName);
        const { lengths, markdown } = columnStyle(row.comparison);
        // Every field written here, in one order (no spread): the board reads a million votes' entries, and the engine reads such objects fastest.
        this.entries.set(Number(row.id), {
          id: Number(row.id),
          version: row.version,
          models,
          names: row.comparison.models.map((model) => ({ modelId: model.modelId, modelName: model.modelName })),
          categories: row.categories ?? [],
          promptId: row.prompt_id === null ? null : Number(row.prompt_id),
          lengths,
          markdown,
          hidden: row.hidden,
          rated: ratedVote(models),
          board: { shape: undefined, poolKey: undefined },
        });
      }
    }
    // Ids only grow, but a post read again is kept where it was: sort only when new ids came in out of order.
    let last = 0;
    let sorted = true;
    for (const id of this.entries.keys()) {
      if (id < last) sorted = false;
      last = id;
    }
    if (!sorted) this.entries = new Map([...this.entries].sort((a, b) => a[0] - b[0]));
    return this.entries;
  }
}

/** The models' names as the board shows them: each one's name on its newest comparison post on the board. */
export function namesOf(entries: ReadonlyMap<number, PostEntry>): ModelNames {
  const names: ModelNames = new Map();
  // Oldest first: the newest post's name stays.
  for (const entry of entries.values()) if (!entry.hidden) entry.models.forEach((key, i) => names.set(key, entry.names[i]!));
  return names;
}
