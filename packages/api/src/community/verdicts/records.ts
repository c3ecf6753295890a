import { sql } from "drizzle-orm";
import { battleVerdicts, chatSessions, models, resultRows, users, voteChanges, whenQuiet, type Executor } from "@parley/db";
import { columnOrder, isOrderOf } from "../post/shown-order";
import { BOTH_BAD, TIE } from "./fit";
import { CHUNK } from "./fit/model";
import { voteStandings, withAccountAgeWait, type LeftOutReason, type StandingScope, type VoteCounting } from "../post/votes";
import { namesOf, PostEntries, type ModelNames, type PostEntry } from "./post-records";
import { REASONS, StandingCodes, StandingStore, type Standing } from "./standings";
import { poolKey } from "./style-pool";
import { ratedVote } from "../../conversation/chat/rated";
import type { Ballots, BallotShape, LeftOut, VoteRecord } from "./types";

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

/** Every reason a vote or verdict is left out of the board, in the order the board lists them. */
const BOARD_REASONS = Object.keys(LEFT_OUT_TEXT.post) as (LeftOutReason | BoardReason)[];
const reasonAt = (why: LeftOutReason | BoardReason) => BOARD_REASONS.indexOf(why);
const HIDDEN_AT = reasonAt("hidden");
const UNRATED_AT = reasonAt("unrated");
/** A kept post's state in a refit, when its votes do not count: gone, hidden or not rated (else its comparison's index). */
const MISSING = -1;
const HIDDEN = -2;
const UNRATED = -3;

/** A battle verdict's choice as the rating reads it: an index into `shown`, or a tie, or both bad. */
const CHOICE: Record<string, VoteRecord["choice"]> = { a: 0, b: 1, tie: "tie", both_bad: "both_bad" };

/**
 * How much a refit reads per statement: votes and verdicts of whole voters in a full gathering (a
 * voter's rules read only their own votes; null: all in one statement), changed voters gathered
 * again, and comparison posts' ids. On the embedded database, whose one connection everyone else
 * waits for meanwhile, each statement stays within a few tens of milliseconds; on PostgreSQL,
 * whose other connections serve requests meanwhile, far within the statement time-out.
 */
export type GatherSteps = { votes: number | null; voters: number; postIds: number };
export const EMBEDDED_STEPS: GatherSteps = { votes: 1_000, voters: 50, postIds: 2_000 };
export const POSTGRES_STEPS: GatherSteps = { votes: 100_000, voters: 200, postIds: 10_000 };
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
 * Gathers the counted votes the board is fitted on: every post vote and battle verdict with why it
 * does not count (voteStandings, the one rule for both). Every rule reads a voter's own votes,
 * verdicts and comparison posts only, so each voter's standings are kept between refits and only
 * those of the voters the change log (`vote_changes`, written by triggers) names are gathered
 * again; the account-age wait, the one part that changes with time alone, is applied at each
 * refit. The first gathering (and one after the log may have lost rows) reads every voter, in
 * steps of whole voters (GatherSteps), each its own bounded statement,
 * so other requests are served between them on the embedded database and no statement nears the
 * time-out on PostgreSQL. The comparison posts are kept between refits too (PostEntries): only
 * new or changed ones are read again.
 */
export class VoteGatherer {
  private readonly posts: PostEntries;
  /** Shown orders' and days' codes, kept as long as the gatherer. */
  private readonly codes = new StandingCodes();
  private store = new StandingStore(this.codes);
  /** When the last gathering started, by the database's clock (null: none yet). */
  private gatheredAt: number | null = null;
  /**
   * The oldest transaction still running when the last gathering read the change log: the next one
   * reads the rows written by it and later ones (a transaction running then may commit after).
   */
  private readFromXid = 0;
  /** The daily cap the kept standings were gathered under: other rules gather everything again. */
  private dailyCap: number | null = null;
  constructor(private readonly steps: GatherSteps = EMBEDDED_STEPS) {
    this.posts = new PostEntries(steps.postIds);
  }

  /** Makes the next gathering read every voter again: after votes were written with the triggers off (a restore, a bulk load). */
  forget() {
    this.gatheredAt = null;
  }

  /** What the last gathering read: every voter (`full`) or the changed ones, and how many voters and standings it read. */
  lastGathering: { full: boolean; voters: number; standings: number } | null = null;

  /** Every counted vote (comparison posts, then battles), what was left out and why, and the models' names. */
  async load(db: Executor, counting: VoteCounting): Promise<{ ballots: Ballots; leftOut: LeftOut[]; names: ModelNames }> {
    let at = performance.now();
    const lap = (phase: string) => {
      const now = performance.now();
      this.phases[phase] = Math.round(now - at);
      at = now;
    };
    this.phases = {};
    const entries = await this.posts.refresh(db);
    lap("posts");
    await this.update(db, counting);
    lap("standings");
    const loaded = await this.assemble(db, entries, counting);
    lap("assembly");
    return loaded;
  }

  /** How long each part of the last load took, in milliseconds (the bench prints them). */
  phases: Record<string, number> = {};

  /** Brings the kept standings up to date: every voter's the first time, then those of the voters whose votes changed. */
  private async update(db: Executor, counting: VoteCounting) {
    const [clock] = resultRows<{ now: string | Date; xmin: string }>(
      await whenQuiet(db).then(() => db.execute(sql`select clock_timestamp() as now, pg_snapshot_xmin(pg_current_snapshot())::text as xmin`)),
    );
    const startedAt = new Date(clock!.now).getTime();
    const xmin = Number(clock!.xmin);
    // The standings are gathered with the account-age wait off: it is applied when assembling.
    const rules = { ...counting, minAccountAgeHours: 0 };
    if (this.gatheredAt === null || startedAt - this.gatheredAt > CHANGES_KEPT_MS || this.dailyCap !== counting.dailyCap) {
      const store = new StandingStore(this.codes);
      let standings = 0;
      for (const scope of await this.scopes(db)) standings += await keep(store, await standingRows(db, rules, scope), this.placeOf);
      this.store = store;
      this.lastGathering = { full: true, voters: store.voters, standings };
    } else {
      const changed = resultRows<{ user_id: string }>(
        await whenQuiet(db).then(() =>
          db.execute(sql`select distinct ${voteChanges.userId} as user_id from ${voteChanges} where ${voteChanges.xid} >= ${this.readFromXid}`),
        ),
      ).map((row) => row.user_id);
      let standings = 0;
      for (let from = 0; from < changed.length; from += this.steps.voters) {
        const ids = changed.slice(from, from + this.steps.voters);
        for (const id of ids) this.store.drop(id);
        standings += await keep(this.store, await standingRows(db, rules, { kind: "voters", ids }), this.placeOf);
      }
      this.lastGathering = { full: false, voters: changed.length, standings };
    }
    this.gatheredAt = startedAt;
    this.readFromXid = xmin;
    this.dailyCap = counting.dailyCap;
    // The log is read a few minutes back from the last refit; a day of it is more than any board needs.
    await whenQuiet(db);
    await db.execute(sql`delete from ${voteChanges} where ${voteChanges.changedAt} < ${new Date(startedAt - 2 * CHANGES_KEPT_MS).toISOString()}::timestamptz`);
  }

  /** A post's shape (its answers in column order) and style pool key, kept with its entry (a changed post gets a new entry). */
  private shapeOf(entry: PostEntry) {
    entry.board.shape ??= ballotShape("post", `post:${entry.id}`, entry.models, entry.categories, entry.promptId, entry.lengths, entry.markdown);
    // The same in every order the post is shown in: its figures in any order.
    if (entry.board.poolKey === undefined) entry.board.poolKey = poolKey(entry.board.shape);
    return entry.board.shape;
  }

  /** Posts' places in the standings kept (a dense index instead of the post's id), and the ids by place. */
  private readonly postPlace = new Map<number, number>();
  private readonly postIds: number[] = [];
  private placeOf = (postId: number) => {
    let place = this.postPlace.get(postId);
    if (place === undefined) this.postPlace.set(postId, (place = this.postIds.push(postId) - 1));
    return place;
  };

  /**
   * The counted votes from the kept standings, the account-age wait applied now, as ballots:
   * post votes by post (oldest first), then verdicts in the order decided. A million standings
   * are read from typed arrays alone (what each post's votes need is worked out once per post);
   * other requests are served every CHUNK standings.
   */
  private async assemble(db: Executor, entries: ReadonlyMap<number, PostEntry>, counting: VoteCounting) {
    const { store, codes } = this;
    const comparisons: BallotShape[] = [];
    const poolKeys: (string | null)[] = [];
    // Per post kept: its comparison's index, or why its votes do not count.
    const state = new Int32Array(this.postIds.length).fill(MISSING);
    const columnsOf: number[] = [];
    for (const entry of entries.values()) {
      // A post's shape is made once (with its style pool key, a sort of its figures): the first refit makes them all.
      if (!entry.board.shape && comparisons.length % 5_000 === 4_999) await turn();
      const c = comparisons.push(this.shapeOf(entry)) - 1;
      poolKeys.push(entry.board.poolKey!);
      columnsOf.push(entry.models.length);
      const place = this.postPlace.get(entry.id);
      if (place !== undefined) state[place] = entry.hidden ? HIDDEN : entry.rated ? c : UNRATED;
    }
    const posts = comparisons.length;
    // Orders by (shown-order code, columns): the recorded order when it is one of the post's columns, else column order.
    const orders: number[][] = [];
    const orderOf = new Int32Array(codes.orders.length * 9).fill(-1);
    let places = new Int8Array(0);
    const resolve = (code: number, columns: number) => {
      const recorded = codes.orders[code] ?? null;
      const stored = recorded === null ? null : Array.from(recorded, Number);
      const order = isOrderOf(stored, columns) ? stored : columnOrder(columns);
      const o = orders.push(order) - 1;
      // Where each column is shown: the choice as a place in the order.
      const grown = new Int8Array((o + 1) * 8).fill(-1);
      grown.set(places);
      order.forEach((column, at) => (grown[o * 8 + column] = at));
      places = grown;
      return (orderOf[code * 9 + columns] = o);
    };
    const n = store.count;
    const comparisonOf = new Int32Array(n);
    const orderAt = new Int32Array(n);
    const choiceOf = new Int8Array(n);
    const dayOf = new Int32Array(n);
    const perPost = new Int32Array(posts + 1);
    const left = new Int32Array(2 * BOARD_REASONS.length);
    const battles: { at: string; id: number; shape: BallotShape; choice: number; day: number }[] = [];
    const { kinds, items, cols, orders: orderCodes, days, reasons } = store.columns();
    let counted = 0;
    let read = 0;
    for (const run of store.eachRun()) {
      if ((read += run.count) >= CHUNK) {
        read = 0;
        await turn();
      }
      for (let r = run.start; r < run.start + run.count; r++) {
        const reason = withAccountAgeWait(REASONS[reasons[r]!] ?? null, run.accountCreatedAt, counting);
        if (kinds[r] === 0) {
          const c = state[items[r]!]!;
          if (c === MISSING || c === HIDDEN) left[HIDDEN_AT]!++;
          else if (reason !== null) left[reasonAt(reason)]!++;
          else if (c === UNRATED) left[UNRATED_AT]!++;
          else {
            const columns = columnsOf[c]!;
            const code = orderCodes[r]!;
            let o = orderOf[code * 9 + columns]!;
            if (o < 0) o = resolve(code, columns);
            const col = cols[r]!;
            const choice = col >= 0 && col < 8 ? places[o * 8 + col]! : -1;
            if (choice < 0) continue;
            comparisonOf[counted] = c;
            orderAt[counted] = o;
            choiceOf[counted] = choice;
            dayOf[counted] = days[r]!;
            counted++;
            perPost[c + 1]!++;
          }
          continue;
        }
        const at = BOARD_REASONS.length;
        if (reason !== null) {
          left[at + reasonAt(reason)]!++;
          continue;
        }
        const verdict = store.verdict(r);
        const choice = CHOICE[verdict?.choice ?? ""];
        const shown = verdict?.shown ?? [];
        if (!verdict || choice === undefined || shown.length < 2) continue;
        if (!ratedVote(shown)) {
          left[at + UNRATED_AT]!++;
          continue;
        }
        const shape = ballotShape(
          "battle",
          `battle:${verdict.id}`,
          shown,
          verdict.category === null ? [] : [verdict.category],
          verdict.promptId,
          verdict.lengths ?? undefined,
          verdict.markdown ?? undefined,
        );
        battles.push({
          at: codes.days[days[r]!]!,
          id: verdict.id,
          shape,
          choice: choice === "tie" ? TIE : choice === "both_bad" ? BOTH_BAD : choice,
          day: days[r]!,
        });
      }
    }
    // Post votes by post (oldest first), then battles in the order decided, each shown as its `shown` lists.
    const count = counted + battles.length;
    const ballots: Ballots = {
      count,
      comparisons,
      poolKeys,
      orders,
      comparison: new Int32Array(count),
      order: new Int32Array(count),
      choice: new Int8Array(count),
      day: new Int32Array(count),
      days: codes.days,
    };
    for (let p = 1; p < perPost.length; p++) perPost[p]! += perPost[p - 1]!;
    for (let i = 0; i < counted; i++) {
      const at = perPost[comparisonOf[i]!]!++;
      ballots.comparison[at] = comparisonOf[i]!;
      ballots.order[at] = orderAt[i]!;
      ballots.choice[at] = choiceOf[i]!;
      ballots.day[at] = dayOf[i]!;
    }
    battles.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id));
    const identity = new Map<number, number>();
    battles.forEach((battle, i) => {
      const k = battle.shape.shown.length;
      let o = identity.get(k);
      if (o === undefined) identity.set(k, (o = orders.push(columnOrder(k)) - 1));
      ballots.comparison[counted + i] = comparisons.push(battle.shape) - 1;
      poolKeys.push(poolKey(battle.shape));
      ballots.order[counted + i] = o;
      ballots.choice[counted + i] = battle.choice;
      ballots.day[counted + i] = battle.day;
    });
    const names = namesOf(entries);
    // A model known only from battles is named as the catalogue names it.
    await whenQuiet(db);
    for (const row of await db.select({ id: models.id, name: models.name }).from(models)) {
      if (!names.has(row.id)) names.set(row.id, { modelId: row.id, modelName: row.name });
    }
    // In one order whatever order the standings were read in: post votes, then verdicts, each by reason in the order the text lists them.
    const leftOut: LeftOut[] = [];
    (["post", "battle"] as const).forEach((kind, k) =>
      BOARD_REASONS.forEach((why, i) => {
        const votes = left[k * BOARD_REASONS.length + i]!;
        if (votes > 0) leftOut.push({ reason: LEFT_OUT_TEXT[kind][why], votes });
      }),
    );
    return { ballots, leftOut, names };
  }

  /** The steps of a gathering: all voters at once, or runs of whole voters of about `steps.votes` votes and verdicts each. */
  private async scopes(db: Executor): Promise<StandingScope[]> {
    const perStep = this.steps.votes;
    if (perStep === null) return [{ kind: "all" }];
    const voters = resultRows<{ user_id: string; votes: number }>(
      await whenQuiet(db).then(() =>
        db.execute(sql`select user_id, count(*)::int as votes from (
          select user_id from post_votes union all select ${battleVerdicts.userId} from ${battleVerdicts}
        ) cast_votes group by user_id order by user_id`),
      ),
    );
    const scopes: StandingScope[] = [];
    let after: string | null = null;
    let votes = 0;
    voters.forEach((voter, i) => {
      votes += Number(voter.votes);
      if (votes >= perStep || i === voters.length - 1) {
        scopes.push({ kind: "voters", after, upTo: voter.user_id });
        after = voter.user_id;
        votes = 0;
      }
    });
    return scopes;
  }
}

/**
 * A shape with every field written, in one order (no spread, no field left out): the table and
 * the style pool read hundreds of thousands of them, and the engine reads such objects fastest.
 * `categories` is written only when there are several (`category` is the first).
 */
function ballotShape(
  source: BallotShape["source"],
  comparisonId: string,
  shown: string[],
  categories: string[],
  promptId: number | null,
  lengths: number[] | undefined,
  markdown: number[] | undefined,
): BallotShape {
  return {
    source,
    comparisonId,
    shown,
    category: categories[0] ?? null,
    categories: categories.length > 1 ? categories : undefined,
    promptId,
    lengths,
    markdown,
  };
}

/** A turn of the event loop for other requests. */
const turn = () => new Promise<void>((done) => setImmediate(done));

/** Keeps the standing rows of a step, voter by voter (a step holds each of its voters' whole standings); answers how many. */
async function keep(store: StandingStore, rows: StandingRow[], placeOf: (postId: number) => number) {
  const byVoter = new Map<string, { accountCreatedAt: number; standings: Standing[] }>();
  for (const [i, row] of rows.entries()) {
    // A step of a full gathering is a hundred thousand rows on PostgreSQL: other requests are served between chunks.
    if (i > 0 && i % CHUNK === 0) await turn();
    let voter = byVoter.get(row.user_id);
    if (!voter) byVoter.set(row.user_id, (voter = { accountCreatedAt: new Date(row.account_created_at).getTime(), standings: [] }));
    voter.standings.push({
      kind: row.kind,
      item: row.kind === "post" ? placeOf(Number(row.item)) : Number(row.item),
      col: row.col,
      shownOrder: row.shown_order,
      day: row.day,
      reason: row.reason,
      ...(row.kind === "battle" && {
        verdict: {
          id: Number(row.item),
          shown: row.shown,
          choice: row.choice,
          lengths: row.lengths,
          markdown: row.markdown,
          category: row.category ?? null,
          promptId: row.prompt_id == null ? null : Number(row.prompt_id),
        },
      }),
    });
  }
  for (const [userId, voter] of byVoter) store.add(userId, voter.accountCreatedAt, voter.standings);
  return rows.length;
}

/** The standings of one step, with what the records need of each vote and verdict. */
async function standingRows(db: Executor, counting: VoteCounting, scope: StandingScope) {
  const b = (column: Parameters<typeof sql.identifier>[0]) => sql`b.${sql.identifier(column)}`;
  await whenQuiet(db);
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

/**
 * The ballots as vote records, one object each (tests and small boards; the board tabulates the
 * ballots themselves). The votes on one comparison shown in one order share their arrays.
 */
export function recordsOf(ballots: Ballots): VoteRecord[] {
  const records: VoteRecord[] = new Array(ballots.count);
  const shown = new Map<number, BallotShape>();
  for (let i = 0; i < ballots.count; i++) {
    const c = ballots.comparison[i]!;
    const o = ballots.order[i]!;
    const key = c * ballots.orders.length + o;
    let shape = shown.get(key);
    if (!shape) {
      const comparison = ballots.comparisons[c]!;
      const order = ballots.orders[o]!;
      const at = <T>(values: readonly T[] | undefined) => values && order.map((column) => values[column]!);
      shown.set(key, (shape = { ...comparison, shown: at(comparison.shown)!, lengths: at(comparison.lengths), markdown: at(comparison.markdown) }));
    }
    const choice = ballots.choice[i]!;
    records[i] = { ...shape, choice: choice === TIE ? "tie" : choice === BOTH_BAD ? "both_bad" : choice, day: ballots.days[ballots.day[i]!]! };
  }
  return records;
}

/** Every counted vote the board is fitted on (comparison posts and battles) as records, what was left out, and the models' names. */
export async function loadVoteRecords(db: Executor, counting: VoteCounting, steps: GatherSteps = EMBEDDED_STEPS) {
  const loaded = await new VoteGatherer(steps).load(db, counting);
  return { records: recordsOf(loaded.ballots), leftOut: loaded.leftOut, names: loaded.names };
}
