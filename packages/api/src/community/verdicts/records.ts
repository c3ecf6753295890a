import { sql } from "drizzle-orm";
import { battleVerdicts, chatSessions, models, resultRows, type Executor } from "@parley/db";
import { columnOrder, isOrderOf } from "../post/shown-order";
import { voteStandings, type LeftOutReason, type StandingScope, type VoteCounting } from "../post/votes";
import { namesOf, PostEntries, type ModelNames, type PostEntry } from "./post-records";
import { ratedVote } from "../../conversation/chat/rated";
import type { LeftOut, VoteRecord } from "./types";

/** Why a vote or verdict is left out of the board alone: a hidden post, or a model that is not rated (conversation/chat/rated.ts). */
type BoardReason = "hidden" | "unrated";

/** Why a vote or verdict is left out, as the board says it: the rule's reasons (post/votes.ts), hidden posts and models not rated. */
const LEFT_OUT_TEXT: Record<"post" | "battle", Record<LeftOutReason | BoardReason, string>> = {
  post: {
    hidden: "on comparison posts hidden by moderation",
    unrated: "on comparisons with the offline demo model, which is not rated (it only repeats what it is asked)",
    author: "cast by the comparison's author, who knows the models",
    not_blind: "not cast blind (changed after the models were shown, or cast knowing them from another post of the same comparison)",
    incomplete: "on comparisons with an answer that did not complete",
    waiting: "from accounts too new to count yet (they count once the account is old enough)",
    capped: "over a person's daily cap on counted votes",
  },
  battle: {
    hidden: "from battles hidden by moderation",
    unrated: "from battles with the offline demo model, which is not rated (it only repeats what it is asked)",
    author: "from battles cast by their author",
    not_blind: "from battles not decided blind",
    incomplete: "from battles where an answer did not complete",
    waiting: "from battles decided by accounts too new to count yet (they count once the account is old enough)",
    capped: "from battles over a person's daily cap on counted votes (battle verdicts and post votes count together)",
  },
};

/** A battle verdict's choice as the rating reads it: an index into `shown`, or a tie, or both bad. */
const CHOICE: Record<string, VoteRecord["choice"]> = { a: 0, b: 1, tie: "tie", both_bad: "both_bad" };

/** Votes and verdicts a refit reads per step on the embedded database, by whole voters (a voter's rules read only their own votes). */
export const VOTES_PER_STEP = 1_000;
/** The same on PostgreSQL, whose other connections serve requests meanwhile: each step stays far within the statement time-out. */
export const VOTES_PER_STEP_POSTGRES = 20_000;

type StandingRow = {
  kind: "post" | "battle";
  item: number | string;
  col: number | null;
  shown_order: string | null;
  day: string;
  reason: LeftOutReason | null;
  shown: string[] | null;
  choice: string | null;
  lengths: number[] | null;
  markdown: number[] | null;
  category: string | null;
  prompt_id: number | null;
};

/**
 * Gathers the counted votes the board is fitted on: every post vote and battle verdict with why it
 * does not count (voteStandings, the one rule for both), in time linear in the votes, in steps of
 * whole voters (`votesPerStep`; null: one statement), each its own bounded statement, so other
 * requests are served between them on the embedded database and no statement nears the time-out
 * on PostgreSQL. The
 * comparison posts are kept between refits (PostEntries): only new or changed ones are read again.
 */
export class VoteGatherer {
  private readonly posts = new PostEntries();

  constructor(private readonly votesPerStep: number | null = VOTES_PER_STEP) {}

  /** Every counted vote (comparison posts, then battles), what was left out and why, and the models' names. */
  async load(db: Executor, counting: VoteCounting): Promise<{ records: VoteRecord[]; leftOut: LeftOut[]; names: ModelNames }> {
    const entries = await this.posts.refresh(db);
    const byPost = new Map<number, VoteRecord[]>();
    const battles: { at: string; id: number; record: VoteRecord }[] = [];
    const leftOut = new Map<string, { kind: "post" | "battle"; why: LeftOutReason | BoardReason; votes: number }>();
    const leave = (kind: "post" | "battle", why: LeftOutReason | BoardReason) => {
      const key = `${kind}:${why}`;
      const row = leftOut.get(key);
      if (row) row.votes++;
      else leftOut.set(key, { kind, why, votes: 1 });
    };
    // The votes of one post shown in one order share their arrays (a board of a million votes keeps them all).
    const orders = new Map<string, { shown: string[]; lengths: number[]; markdown: number[] }>();
    const addPostVote = (row: StandingRow, entry: PostEntry | undefined) => {
      const postId = Number(row.item);
      if (!entry || entry.hidden) return leave("post", "hidden");
      if (row.reason !== null) return leave("post", row.reason);
      // A vote among answers of a model that is not rated says nothing the board could rate.
      if (!ratedVote(entry.models)) return leave("post", "unrated");
      const columns = entry.models.length;
      const stored = row.shown_order === null ? null : Array.from(row.shown_order, Number);
      const order = isOrderOf(stored, columns) ? stored : columnOrder(columns);
      const choice = order.indexOf(Number(row.col));
      if (choice < 0) return;
      const key = `${postId}:${order.join("")}`;
      let shown = orders.get(key);
      if (!shown) {
        const at = (values: number[]) => order.map((column) => values[column]!);
        orders.set(key, (shown = { shown: order.map((column) => entry.models[column]!), lengths: at(entry.lengths), markdown: at(entry.markdown) }));
      }
      let list = byPost.get(postId);
      if (!list) byPost.set(postId, (list = []));
      list.push({
        source: "post",
        comparisonId: `post:${postId}`,
        shown: shown.shown,
        choice,
        category: entry.categories[0] ?? null,
        ...(entry.categories.length > 1 && { categories: entry.categories }),
        day: row.day,
        promptId: entry.promptId,
        lengths: shown.lengths,
        markdown: shown.markdown,
      });
    };
    const addVerdict = (row: StandingRow) => {
      if (row.reason !== null) return leave("battle", row.reason);
      const choice = CHOICE[row.choice ?? ""];
      const shown = row.shown ?? [];
      if (choice === undefined || shown.length < 2) return;
      if (!ratedVote(shown)) return leave("battle", "unrated");
      const id = Number(row.item);
      battles.push({
        at: row.day,
        id,
        record: { source: "battle", comparisonId: `battle:${id}`, shown, choice, category: row.category, day: row.day, promptId: row.prompt_id === null ? null : Number(row.prompt_id), lengths: row.lengths ?? undefined, markdown: row.markdown ?? undefined },
      });
    };
    for (const scope of await this.scopes(db)) {
      for (const row of await standingRows(db, counting, scope)) {
        if (row.kind === "post") addPostVote(row, entries.get(Number(row.item)));
        else addVerdict(row);
      }
    }
    // Post votes by post (oldest first), then battles in the order decided.
    const records: VoteRecord[] = [];
    for (const id of entries.keys()) for (const record of byPost.get(id) ?? []) records.push(record);
    battles.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
    for (const battle of battles) records.push(battle.record);
    const names = namesOf(entries);
    // A model known only from battles is named as the catalogue names it.
    for (const row of await db.select({ id: models.id, name: models.name }).from(models)) {
      if (!names.has(row.id)) names.set(row.id, { modelId: row.id, modelName: row.name });
    }
    return { records, leftOut: [...leftOut.values()].map((row) => ({ reason: LEFT_OUT_TEXT[row.kind][row.why], votes: row.votes })), names };
  }

  /** The steps of a gathering: all voters at once, or runs of whole voters of about `votesPerStep` votes and verdicts each. */
  private async scopes(db: Executor): Promise<StandingScope[]> {
    if (this.votesPerStep === null) return [{ kind: "all" }];
    const voters = resultRows<{ user_id: string; votes: number }>(
      await db.execute(sql`select user_id, count(*)::int as votes from (
          select user_id from post_votes union all select ${battleVerdicts.userId} from ${battleVerdicts}
        ) cast_votes group by user_id order by user_id`),
    );
    const scopes: StandingScope[] = [];
    let after: string | null = null;
    let votes = 0;
    voters.forEach((voter, i) => {
      votes += Number(voter.votes);
      if (votes >= this.votesPerStep! || i === voters.length - 1) {
        scopes.push({ kind: "voters", after, upTo: voter.user_id });
        after = voter.user_id;
        votes = 0;
      }
    });
    return scopes;
  }
}

/** The standings of one step, with what the records need of each vote and verdict. */
async function standingRows(db: Executor, counting: VoteCounting, scope: StandingScope) {
  const b = (column: Parameters<typeof sql.identifier>[0]) => sql`b.${sql.identifier(column)}`;
  // The whole board's standings join by hashing: the planner cannot count a recursive term's rows,
  // and a nested loop over the blind sets for each vote is the walk per vote this avoids. (A step's
  // blind sets are few, and found through the posts' indexes.)
  if (scope.kind !== "all") return standingRowsOf(db, counting, scope, b);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    return standingRowsOf(tx, counting, scope, b);
  });
}

async function standingRowsOf(db: Executor, counting: VoteCounting, scope: StandingScope, b: (column: string) => ReturnType<typeof sql>) {
  return resultRows<StandingRow>(
    await db.execute(sql`
      with recursive ${voteStandings(counting, scope)}
      select s.kind, s.item, s.col, array_to_string(s.shown_order, '') as shown_order, to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, s.reason,
             ${b("shown")} as shown, ${b("choice")} as choice, ${b("lengths")} as lengths, ${b("markdown")} as markdown,
             ${chatSessions.category} as category, ${chatSessions.promptId} as prompt_id
      from standings s
      left join ${battleVerdicts} b on s.kind = 'battle' and ${b("session_id")} = s.item
      left join ${chatSessions} on ${chatSessions.id} = ${b("session_id")}`),
  );
}

/** Every counted vote the board is fitted on (comparison posts and battles), what was left out, and the models' names. */
export const loadVoteRecords = (db: Executor, counting: VoteCounting, votesPerStep: number | null = VOTES_PER_STEP) => new VoteGatherer(votesPerStep).load(db, counting);
