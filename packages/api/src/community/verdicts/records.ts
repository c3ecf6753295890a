import { sql } from "drizzle-orm";
import { battleVerdicts, chatSessions, models, resultRows, users, voteChanges, type Executor } from "@parley/db";
import { columnOrder, isOrderOf } from "../post/shown-order";
import { CHUNK } from "./fit/model";
import { voteStandings, withAccountAgeWait, type LeftOutReason, type StandingScope, type VoteCounting } from "../post/votes";
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
export const VOTES_PER_STEP_POSTGRES = 100_000;
/** Changed voters gathered again per step. */
const CHANGED_VOTERS_PER_STEP = 200;
/** Past this since the last gathering, the change log (kept a day) may have lost rows: everything is gathered again. */
const CHANGES_KEPT_MS = 12 * 3_600_000;

type StandingRow = {
  kind: "post" | "battle";
  item: number | string;
  user_id: string;
  account_created_at: string | Date;
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
 * A vote or verdict as kept between refits: its standing with the account-age wait left to apply
 * (withAccountAgeWait); a post vote keeps only what its record reads (a million of them are kept).
 */
type KeptStanding = Pick<StandingRow, "kind" | "col" | "shown_order" | "day" | "reason"> & { item: number } & Partial<Pick<StandingRow, "shown" | "choice" | "lengths" | "markdown" | "category" | "prompt_id">>;
type KeptVoter = { accountCreatedAt: number; standings: KeptStanding[] };

/**
 * Gathers the counted votes the board is fitted on: every post vote and battle verdict with why it
 * does not count (voteStandings, the one rule for both). Every rule reads a voter's own votes,
 * verdicts and comparison posts only, so each voter's standings are kept between refits and only
 * those of the voters the change log (`vote_changes`, written by triggers) names are gathered
 * again; the account-age wait, the one part that changes with time alone, is applied at each
 * refit. The first gathering (and one after the log may have lost rows) reads every voter, in
 * steps of whole voters (`votesPerStep`; null: one statement), each its own bounded statement,
 * so other requests are served between them on the embedded database and no statement nears the
 * time-out on PostgreSQL. The comparison posts are kept between refits too (PostEntries): only
 * new or changed ones are read again.
 */
export class VoteGatherer {
  private readonly posts = new PostEntries();
  private voters = new Map<string, KeptVoter>();
  /** When the last gathering started, by the database's clock (null: none yet). */
  private gatheredAt: number | null = null;
  /**
   * The oldest transaction still running when the last gathering read the change log: the next one
   * reads the rows written by it and later ones (a transaction running then may commit after).
   */
  private readFromXid = 0;
  /** The daily cap the kept standings were gathered under: other rules gather everything again. */
  private dailyCap: number | null = null;
  /** Shared strings of the kept standings (days, shown orders). */
  private readonly strings = new Map<string, string>();

  constructor(private readonly votesPerStep: number | null = VOTES_PER_STEP) {}

  /** Makes the next gathering read every voter again: after votes were written with the triggers off (a restore, a bulk load). */
  forget() {
    this.gatheredAt = null;
  }

  /** What the last gathering read: every voter (`full`) or the changed ones, and how many voters and standings it read. */
  lastGathering: { full: boolean; voters: number; standings: number } | null = null;

  /** Every counted vote (comparison posts, then battles), what was left out and why, and the models' names. */
  async load(db: Executor, counting: VoteCounting): Promise<{ records: VoteRecord[]; leftOut: LeftOut[]; names: ModelNames }> {
    const entries = await this.posts.refresh(db);
    await this.update(db, counting);
    return this.assemble(db, entries, counting);
  }

  /** Brings the kept standings up to date: every voter's the first time, then those of the voters whose votes changed. */
  private async update(db: Executor, counting: VoteCounting) {
    const [clock] = resultRows<{ now: string | Date; xmin: string }>(
      await db.execute(sql`select clock_timestamp() as now, pg_snapshot_xmin(pg_current_snapshot())::text as xmin`),
    );
    const startedAt = new Date(clock!.now).getTime();
    const xmin = Number(clock!.xmin);
    // The standings are gathered with the account-age wait off: it is applied when assembling.
    const rules = { ...counting, minAccountAgeHours: 0 };
    if (this.gatheredAt === null || startedAt - this.gatheredAt > CHANGES_KEPT_MS || this.dailyCap !== counting.dailyCap) {
      const voters = new Map<string, KeptVoter>();
      let standings = 0;
      for (const scope of await this.scopes(db)) standings += this.keep(voters, await standingRows(db, rules, scope));
      this.voters = voters;
      this.lastGathering = { full: true, voters: voters.size, standings };
    } else {
      const changed = resultRows<{ user_id: string }>(
        await db.execute(sql`select distinct ${voteChanges.userId} as user_id from ${voteChanges} where ${voteChanges.xid} >= ${this.readFromXid}`),
      ).map((row) => row.user_id);
      let standings = 0;
      for (let from = 0; from < changed.length; from += CHANGED_VOTERS_PER_STEP) {
        const ids = changed.slice(from, from + CHANGED_VOTERS_PER_STEP);
        for (const id of ids) this.voters.delete(id);
        standings += this.keep(this.voters, await standingRows(db, rules, { kind: "voters", ids }));
      }
      this.lastGathering = { full: false, voters: changed.length, standings };
    }
    this.gatheredAt = startedAt;
    this.readFromXid = xmin;
    this.dailyCap = counting.dailyCap;
    // The log is read a few minutes back from the last refit; a day of it is more than any board needs.
    await db.execute(sql`delete from ${voteChanges} where ${voteChanges.changedAt} < ${new Date(startedAt - 2 * CHANGES_KEPT_MS).toISOString()}::timestamptz`);
  }

  /** Keeps the standing rows of a step, by voter; answers how many. */
  private keep(voters: Map<string, KeptVoter>, rows: StandingRow[]) {
    const shared = (value: string) => {
      let kept = this.strings.get(value);
      if (kept === undefined) this.strings.set(value, (kept = value));
      return kept;
    };
    for (const row of rows) {
      let voter = voters.get(row.user_id);
      if (!voter) voters.set(row.user_id, (voter = { accountCreatedAt: new Date(row.account_created_at).getTime(), standings: [] }));
      const kept = { kind: row.kind, item: Number(row.item), col: row.col, shown_order: row.shown_order === null ? null : shared(row.shown_order), day: shared(row.day), reason: row.reason };
      voter.standings.push(
        row.kind === "post"
          ? kept
          : { ...kept, shown: row.shown, choice: row.choice, lengths: row.lengths, markdown: row.markdown, category: row.category, prompt_id: row.prompt_id },
      );
    }
    return rows.length;
  }

  /**
   * A post's columns in the order a vote recorded (`shown_order`, or column order for a vote cast
   * before orders were recorded), with the models and style figures in that order: one set of
   * arrays per post and order, kept with the post's entry (a changed post gets a new entry), so
   * every vote shown that order shares them, refit after refit (the table and the style pool
   * read them once per array).
   */
  private shownOrder(entry: PostEntry, shownOrder: string | null) {
    let byOrder = this.orders.get(entry);
    if (!byOrder) this.orders.set(entry, (byOrder = new Map()));
    const key = shownOrder ?? "";
    let shown = byOrder.get(key);
    if (!shown) {
      const columns = entry.models.length;
      const stored = shownOrder === null ? null : Array.from(shownOrder, Number);
      const order = isOrderOf(stored, columns) ? stored : columnOrder(columns);
      const at = (values: number[]) => order.map((column) => values[column]!);
      byOrder.set(key, (shown = { order, comparisonId: `post:${entry.id}`, shown: order.map((column) => entry.models[column]!), lengths: at(entry.lengths), markdown: at(entry.markdown) }));
    }
    return shown;
  }

  /** Each post entry's columns per shown order (shownOrder). */
  private readonly orders = new WeakMap<PostEntry, Map<string, { order: number[]; comparisonId: string; shown: string[]; lengths: number[]; markdown: number[] }>>();

  /** The board's records from the kept standings, the account-age wait applied now. */
  private async assemble(db: Executor, entries: ReadonlyMap<number, PostEntry>, counting: VoteCounting) {
    const byPost = new Map<number, VoteRecord[]>();
    const battles: { at: string; id: number; record: VoteRecord }[] = [];
    const leftOut = new Map<string, { kind: "post" | "battle"; why: LeftOutReason | BoardReason; votes: number }>();
    const leave = (kind: "post" | "battle", why: LeftOutReason | BoardReason) => {
      const key = `${kind}:${why}`;
      const row = leftOut.get(key);
      if (row) row.votes++;
      else leftOut.set(key, { kind, why, votes: 1 });
    };
    const addPostVote = (row: KeptStanding, reason: LeftOutReason | null, entry: PostEntry | undefined) => {
      const postId = row.item;
      if (!entry || entry.hidden) return leave("post", "hidden");
      if (reason !== null) return leave("post", reason);
      // A vote among answers of a model that is not rated says nothing the board could rate.
      if (!entry.rated) return leave("post", "unrated");
      const shown = this.shownOrder(entry, row.shown_order);
      const choice = shown.order.indexOf(Number(row.col));
      if (choice < 0) return;
      let list = byPost.get(postId);
      if (!list) byPost.set(postId, (list = []));
      list.push({
        source: "post",
        comparisonId: shown.comparisonId,
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
    const addVerdict = (row: KeptStanding, reason: LeftOutReason | null) => {
      if (reason !== null) return leave("battle", reason);
      const choice = CHOICE[row.choice ?? ""];
      const shown = row.shown ?? [];
      if (choice === undefined || shown.length < 2) return;
      if (!ratedVote(shown)) return leave("battle", "unrated");
      const id = Number(row.item);
      battles.push({
        at: row.day,
        id,
        record: { source: "battle", comparisonId: `battle:${id}`, shown, choice, category: row.category ?? null, day: row.day, promptId: row.prompt_id == null ? null : Number(row.prompt_id), lengths: row.lengths ?? undefined, markdown: row.markdown ?? undefined },
      });
    };
    let read = 0;
    for (const voter of this.voters.values()) {
      // A million standings are a few seconds' work: other requests are served between chunks.
      if ((read += voter.standings.length) >= CHUNK) {
        read = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      for (const row of voter.standings) {
        const reason = withAccountAgeWait(row.reason, voter.accountCreatedAt, counting);
        if (row.kind === "post") addPostVote(row, reason, entries.get(row.item));
        else addVerdict(row, reason);
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
    // In one order whatever order the standings were read in: post votes, then verdicts, each by reason in the order the text lists them.
    const kinds = ["post", "battle"];
    const reasons = Object.keys(LEFT_OUT_TEXT.post);
    const listed = [...leftOut.values()].sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind) || reasons.indexOf(a.why) - reasons.indexOf(b.why));
    return { records, leftOut: listed.map((row) => ({ reason: LEFT_OUT_TEXT[row.kind][row.why], votes: row.votes })), names };
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
      select s.kind, s.item, s.user_id, ${users.createdAt} as account_created_at, s.col, array_to_string(s.shown_order, '') as shown_order, to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, s.reason,
             ${b("shown")} as shown, ${b("choice")} as choice, ${b("lengths")} as lengths, ${b("markdown")} as markdown,
             ${chatSessions.category} as category, ${chatSessions.promptId} as prompt_id
      from standings s
      join ${users} on ${users.id} = s.user_id
      left join ${battleVerdicts} b on s.kind = 'battle' and ${b("session_id")} = s.item
      left join ${chatSessions} on ${chatSessions.id} = ${b("session_id")}`),
  );
}

/** Every counted vote the board is fitted on (comparison posts and battles), what was left out, and the models' names. */
export const loadVoteRecords = (db: Executor, counting: VoteCounting, votesPerStep: number | null = VOTES_PER_STEP) => new VoteGatherer(votesPerStep).load(db, counting);
