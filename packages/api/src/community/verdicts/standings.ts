import { LEFT_OUT_REASONS, type LeftOutReason } from "../post/votes";

/** What a battle verdict's record reads besides its standing (post votes read their post's entry instead). */
export type VerdictFacts = {
  id: number;
  shown: string[] | null;
  choice: string | null;
  lengths: number[] | null;
  markdown: number[] | null;
  category: string | null;
  promptId: number | null;
};

/** One vote's or verdict's standing as the store takes it: why it does not count, the account-age wait left to apply. */
export type Standing = {
  kind: "post" | "battle";
  /** The post's id, or the battle's (which its facts hold as well). */
  item: number;
  /** The column voted for (post votes). */
  col: number | null;
  /** The order the columns were shown in, as digits ("201"), when recorded. */
  shownOrder: string | null;
  /** YYYY-MM-DD (UTC). */
  day: string;
  reason: LeftOutReason | null;
  verdict?: VerdictFacts;
};

/** A reason as kept: 0 for none, else its place in LEFT_OUT_REASONS plus one. */
export const REASONS: readonly (LeftOutReason | null)[] = [null, ...LEFT_OUT_REASONS];
const reasonCode = new Map(REASONS.map((reason, i) => [reason, i]));

type Run = { start: number; count: number; accountCreatedAt: number };

/** The codes of shown orders and days: shared by every store of a gatherer, so a code means the same order whichever store holds it. */
export class StandingCodes {
  /** Distinct shown orders (code 0: none recorded) and days, by code. */
  readonly orders: (string | null)[] = [null];
  readonly days: string[] = [];
  private readonly orderIndex = new Map<string, number>();
  private readonly dayIndex = new Map<string, number>();

  order = (value: string | null) => (value === null ? 0 : code(this.orderIndex, this.orders, value));
  day = (value: string) => code(this.dayIndex, this.days, value);
}

function code(index: Map<string, number>, list: (string | null)[], value: string) {
  let at = index.get(value);
  if (at === undefined) index.set(value, (at = list.push(value) - 1));
  return at;
}

/**
 * The standings the board keeps between refits, a million of them in flat arrays instead of as a
 * million objects (which every collection of the heap would walk): each voter's standings are one
 * run of rows; a voter gathered again gets a new run at the end and the old one is dropped, and
 * dropped rows are left behind when the arrays are next grown. Shown orders and days are kept as
 * codes (StandingCodes).
 */
export class StandingStore {
  private size = 0;
  private dropped = 0;
  private kinds = new Uint8Array(0);
  /** Post ids (a battle's id, its chat's, a bigint, is in its facts). */
  private items = new Int32Array(0);
  private cols = new Int8Array(0);
  private orderCodes = new Int32Array(0);
  private dayCodes = new Int32Array(0);
  private reasons = new Uint8Array(0);
  /** Verdicts' facts by row (post votes have none). */
  private verdicts = new Map<number, VerdictFacts>();
  private readonly runs = new Map<string, Run>();

  constructor(readonly codes: StandingCodes) {}

  /** Standings kept. */
  get count() {
    return this.size - this.dropped;
  }

  /** Voters kept. */
  get voters() {
    return this.runs.size;
  }

  /** Drops a voter's standings (before they are gathered again). */
  drop(userId: string) {
    const run = this.runs.get(userId);
    if (!run) return;
    this.runs.delete(userId);
    this.dropped += run.count;
    for (let r = run.start; r < run.start + run.count; r++) this.verdicts.delete(r);
  }

  /** Keeps a voter's standings (all of them, at once: the voter must have none kept). */
  add(userId: string, accountCreatedAt: number, standings: readonly Standing[]) {
    if (this.runs.has(userId)) throw new Error(`standings of ${userId} are already kept`);
    this.reserve(standings.length);
    const start = this.size;
    for (const standing of standings) {
      const r = this.size++;
      this.kinds[r] = standing.kind === "post" ? 0 : 1;
      this.items[r] = standing.kind === "post" ? standing.item : 0;
      this.cols[r] = standing.col ?? -1;
      this.orderCodes[r] = this.codes.order(standing.shownOrder);
      this.dayCodes[r] = this.codes.day(standing.day);
      this.reasons[r] = reasonCode.get(standing.reason)!;
      if (standing.verdict) this.verdicts.set(r, standing.verdict);
    }
    this.runs.set(userId, { start, count: standings.length, accountCreatedAt });
  }

  /** The raw columns (valid until the next `add`), for a reader of a million standings: kind 0 is a post vote; reason codes index REASONS. */
  columns() {
    return { kinds: this.kinds, items: this.items, cols: this.cols, orders: this.orderCodes, days: this.dayCodes, reasons: this.reasons };
  }

  /** Each voter's run of rows, in the order kept. */
  eachRun() {
    return this.runs.values();
  }

  /** A verdict's facts, by row. */
  verdict = (row: number) => this.verdicts.get(row);

  /** Room for `more` rows: when full, the live rows are copied into arrays of twice what they and `more` need, dropped rows left behind. */
  private reserve(more: number) {
    if (this.size + more <= this.kinds.length) return;
    const capacity = Math.max(1024, 2 * (this.count + more));
    const kinds = new Uint8Array(capacity);
    const items = new Int32Array(capacity);
    const cols = new Int8Array(capacity);
    const orderCodes = new Int32Array(capacity);
    const dayCodes = new Int32Array(capacity);
    const reasons = new Uint8Array(capacity);
    const verdicts = new Map<number, VerdictFacts>();
    let at = 0;
    // Live runs copied in the order they were kept, dropped rows left behind.
    for (const run of this.runs.values()) {
      const end = run.start + run.count;
      kinds.set(this.kinds.subarray(run.start, end), at);
      items.set(this.items.subarray(run.start, end), at);
      cols.set(this.cols.subarray(run.start, end), at);
      orderCodes.set(this.orderCodes.subarray(run.start, end), at);
      dayCodes.set(this.dayCodes.subarray(run.start, end), at);
      reasons.set(this.reasons.subarray(run.start, end), at);
      for (let r = run.start; r < end; r++) {
        const verdict = this.verdicts.get(r);
        if (verdict) verdicts.set(at + r - run.start, verdict);
      }
      run.start = at;
      at += run.count;
    }
    this.kinds = kinds;
    this.items = items;
    this.cols = cols;
    this.orderCodes = orderCodes;
    this.dayCodes = dayCodes;
    this.reasons = reasons;
    this.verdicts = verdicts;
    this.size = at;
    this.dropped = 0;
  }
}
