import type { Database } from "@parley/db";
import { DEFAULT_VOTE_RULES, type VoteRules } from "../../kit/context";
import { perDatabase } from "../../kit/per-database";
import { categorySubsets, fitTableSteps, inSteps, promptSubsets, tablePairMatrix, workspaceFor, type Fit, type VoteTable, type PairMatrix } from "./fit";
import type { ModelNames } from "./post-records";
import { EMBEDDED_STEPS, POSTGRES_STEPS, VoteGatherer } from "./records";
import { tabulateCounted, tabulatePublished } from "./style-pool";
import type { LeftOut, VoteRecord } from "./types";

/** One view of the board: all votes or one category's, with or without style control. */
export type BoardView = { fit: Fit; pairs: PairMatrix };

/** The last fit: what the leaderboard serves until the next one. */
export type BoardSnapshot = {
  fittedAt: Date;
  /** How long the refit took (loading the votes and every view), in milliseconds. */
  fitMs: number;
  /** What the refit read of the votes: every voter's standings, or the changed voters' (VoteGatherer). */
  gathering: { full: boolean; voters: number; standings: number } | null;
  /** How long each part of the refit took, in milliseconds: reading the posts and standings, assembling, tabulating, fitting. */
  phases: Record<string, number>;
  /** The counted votes, in typed arrays (a million VoteRecord objects would hold most of a gigabyte). */
  table: VoteTable;
  leftOut: LeftOut[];
  names: ModelNames;
  views: Map<string, BoardView>;
  /** The votes (indexes into `table`) on comparisons started from each prompt (the per-prompt matrix). */
  byPrompt: Map<number, Int32Array>;
};

const viewKey = (category: string | null, style: boolean) => `${category ?? ""}|${style ? "style" : ""}`;

/** The votes as the table the board is fitted from and keeps (their style figures pooled: style-pool.ts), giving the event loop a turn every CHUNK votes. */
export const tabulateVotes = (records: VoteRecord[]) => inSteps(tabulatePublished(records));

/**
 * Fits every view of the board from the table of its votes: overall and per category that has
 * votes, each plainly and with style control; the position of each answer is corrected for in all
 * of them. Each category's view is the list of its votes in the table. The overall fit starts from
 * `previous` (the last refit's views), when given.
 */
export async function fitBoardTable(table: VoteTable, previous?: Map<string, BoardView>): Promise<Map<string, BoardView>> {
  const subsets = categorySubsets(table);
  const space = workspaceFor(table);
  const views = new Map<string, BoardView>();
  // A refit's votes are mostly the last one's: each view's last fit is a good start (the same optimum in fewer Newton steps).
  const last = (name: string | null, style: boolean) => previous?.get(viewKey(name, style))?.fit;
  let overall: { plain: Fit; styled: Fit } | undefined;
  const categories = table.categories.map((name, i) => ({ name, subset: subsets[i]! })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { name, subset } of [{ name: null, subset: null }, ...categories]) {
    // Without a last fit, a category's fit starts from the overall one, and each style view from its
    // plain one moved as style control moved the overall view: a few Newton steps instead of a fit from scratch.
    const plain = await inSteps(fitTableSteps(table, subset, { position: true, start: last(name, false) ?? overall?.plain ?? last(null, false) }, space));
    const styleStart = last(name, true) ?? (overall ? movedAsStyled(plain, overall.plain, overall.styled) : plain);
    const styled = await inSteps(fitTableSteps(table, subset, { position: true, style: true, start: styleStart }, space));
    overall ??= { plain, styled };
    const pairs = tablePairMatrix(
      table,
      subset,
      plain.ratings.map((row) => row.key),
    );
    views.set(viewKey(name, false), { fit: plain, pairs });
    views.set(viewKey(name, true), {
      fit: styled,
      pairs: reordered(
        pairs,
        styled.ratings.map((row) => row.key),
      ),
    });
  }
  return views;
}

/** A start for a style view: its plain fit, moved as style control moved the overall view's ratings and position effects, with the overall style effects. */
function movedAsStyled(plain: Fit, overallPlain: Fit, overallStyled: Fit): Fit {
  const shift = new Map(overallStyled.ratings.map((row) => [row.key, row.rating]));
  for (const row of overallPlain.ratings) shift.set(row.key, (shift.get(row.key) ?? row.rating) - row.rating);
  return {
    ...plain,
    ratings: plain.ratings.map((row) => ({ ...row, rating: row.rating + (shift.get(row.key) ?? 0) })),
    positionEffects:
      plain.positionEffects?.map((points, i) => points + (overallStyled.positionEffects?.[i] ?? 0) - (overallPlain.positionEffects?.[i] ?? 0)) ?? null,
    styleEffects: overallStyled.styleEffects,
  };
}

/** The same matrix with its models in another order. */
function reordered(pairs: PairMatrix, order: string[]): PairMatrix {
  const at = order.map((key) => pairs.models.indexOf(key));
  return { models: order, wins: at.map((i) => at.map((j) => pairs.wins[i]![j]!)), counts: at.map((i) => at.map((j) => pairs.counts[i]![j]!)) };
}

/** The view the board shows for a category (or overall) with or without style control, if fitted. */
export const viewOf = (snapshot: BoardSnapshot, category: string | null, style: boolean) => snapshot.views.get(viewKey(category, style)) ?? null;

/**
 * A database's board: refitted in the background (at start-up, then every interval), never on a
 * request; readers get the last fit. A refit asked for while one runs waits for it and runs once more.
 */
export class Board {
  latest: BoardSnapshot | null = null;
  private running: Promise<BoardSnapshot> | null = null;
  private queued: Promise<BoardSnapshot> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Seconds between refits, once started (null before). */
  intervalSeconds: number | null = null;
  /** Which votes count (VOTE_DAILY_CAP, VOTE_MIN_ACCOUNT_AGE_HOURS), as the host started the board with. */
  rules: VoteRules = DEFAULT_VOTE_RULES;

  /** The votes' gatherer, which keeps the comparison posts and the voters' standings between refits. */
  gatherer = new VoteGatherer(EMBEDDED_STEPS);

  constructor(private readonly db: Database) {}

  /** Fits the board afresh from the votes as they are now; resolves with the new snapshot. */
  refit(): Promise<BoardSnapshot> {
    if (this.queued) return this.queued;
    if (!this.running) return this.run();
    this.queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.run();
      });
    return this.queued;
  }

  private run() {
    const started = performance.now();
    const running = (async () => {
      const loaded = await this.gatherer.load(this.db, { ...this.rules, now: new Date() });
      const phases = { ...this.gatherer.phases };
      let at = performance.now();
      const table = await inSteps(tabulateCounted(loaded.ballots));
      phases.tabulation = Math.round(performance.now() - at);
      at = performance.now();
      const views = await fitBoardTable(table, this.latest?.views);
      phases.fit = Math.round(performance.now() - at);
      const snapshot: BoardSnapshot = {
        fittedAt: new Date(),
        fitMs: performance.now() - started,
        gathering: this.gatherer.lastGathering,
        phases,
        table,
        leftOut: loaded.leftOut,
        names: loaded.names,
        views,
        byPrompt: promptSubsets(table),
      };
      this.latest = snapshot;
      return snapshot;
    })().finally(() => {
      this.running = null;
    });
    this.running = running;
    return running;
  }

  /**
   * Fits now and then every `intervalMs` under `rules`; a failed refit is reported and the last fit
   * stays. `embedded`: the database is the embedded one, whose single connection the votes are
   * gathered from in small steps (on PostgreSQL, in larger ones, each well within the statement
   * time-out however many votes there are).
   */
  start(intervalMs: number, rules: VoteRules, onError: (error: unknown) => void, options: { embedded: boolean } = { embedded: true }) {
    this.stop();
    this.intervalSeconds = intervalMs / 1000;
    this.rules = rules;
    this.gatherer = new VoteGatherer(options.embedded ? EMBEDDED_STEPS : POSTGRES_STEPS);
    const refit = () => void this.refit().catch(onError);
    refit();
    this.timer = setInterval(refit, intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Waits for a refit in progress (for a clean shutdown). */
  async settled() {
    await (this.queued ?? this.running)?.catch(() => undefined);
  }
}

/** The board of a database (one per process and database). */
export const boardOf = perDatabase((db: Database) => new Board(db));

/** Refits a database's board now and waits for it (tests, and a host that wants it fresh). */
export const refitLeaderboard = (db: Database) => boardOf(db).refit();
