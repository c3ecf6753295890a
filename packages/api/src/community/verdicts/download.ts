import { createHmac } from "node:crypto";
import type { Database } from "@parley/db";
import { instanceSecret } from "../../kit/instance-secret";
import { knownComparisons } from "../prompts/known-comparisons";
import { boardOf } from "./board";
import { BOTH_BAD, TIE, type VoteTable } from "./fit";

/**
 * The instance setting holding the key comparison ids are hashed under: drawn once and kept in the
 * database, so every server and every restart gives a comparison the same id, and no one without
 * the key can trace an id back to its post or battle.
 */
export const VOTES_DOWNLOAD_KEY = "votes_download_key";

const LABELS = ["A", "B", "C", "D", "E", "F", "G", "H"];

/** A comparison's id as a download shows it: 16 bytes of HMAC-SHA256 under the instance's key, the same for every vote of one comparison. */
export const hashedComparison = (key: Buffer, comparisonId: string) => createHmac("sha256", key).update(comparisonId).digest("hex").slice(0, 32);

/** A style measure as the download writes it: 6 decimals (the fit's own value, short of rounding). */
const measure = (value: number) => Math.round(value * 1e6) / 1e6;

/** The choice as a download writes it: the label of the answer picked (A is the first shown), tie or both_bad. */
const choiceOf = (choice: number) => (choice === TIE ? "tie" : choice === BOTH_BAD ? "both_bad" : LABELS[choice]!);

/** Vote v of the table as a download lists it. */
function voteOf(table: VoteTable, v: number) {
  const models: string[] = [];
  for (let at = table.offsets[v]!; at < table.offsets[v + 1]!; at++) models.push(table.keys[table.model[at]!]!);
  const first = table.categoryOffsets[v]!;
  // Each answer's length and markdown count relative to the vote's others, as the style fit uses them
  // (before it divides each by its standard deviation over the view's votes); null when not known.
  const styled = table.styleGroup[v]! >= 0;
  const style = (values: Float64Array) => (styled ? Array.from(values.subarray(table.offsets[v], table.offsets[v + 1]), measure) : null);
  return {
    comparison: table.comparisonIds[table.comparison[v]!]!,
    source: table.battle[v] === 1 ? ("battle" as const) : ("post" as const),
    models,
    choice: choiceOf(table.choice[v]!),
    category: first < table.categoryOffsets[v + 1]! ? table.categories[table.category[first]!]! : null,
    day: table.days[table.day[v]!]!,
    lengths: style(table.length),
    markdown: style(table.markdown),
  };
}

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
const csvField = (value: string | null) => (value === null ? "" : /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

const CSV_HEADER =
  "comparison,source,model_a,model_b,model_c,model_d,choice,category,day,length_a,length_b,length_c,length_d,markdown_a,markdown_b,markdown_c,markdown_d";

/** Four CSV fields of a per-answer measure, empty past the last answer or when not known. */
const csvMeasures = (values: number[] | null) => [0, 1, 2, 3].map((i) => (values && i < values.length ? String(values[i]) : ""));

/** A vote as a download lists it: tied to its comparison (`comparison`, `day`) only for a reader who knows that comparison's models. */
type Listed = Omit<ReturnType<typeof voteOf>, "comparison" | "day"> & { comparison: string | null; day: string | null };

/** The order a download lists its votes in: by what they say (never by post, nor by when they were cast). */
const sortKey = (vote: Listed) =>
  JSON.stringify([vote.source, vote.models, vote.choice, vote.category, vote.lengths, vote.markdown, vote.day, vote.comparison]);

/**
 * The votes of the last fit, anonymised (no voter, no text), as JSON or CSV: the models in the
 * order shown, the choice, the category and each answer's style measures as the fit used them
 * (rounded and pooled: style-pool.ts), enough to recompute the board and its style view
 * (docs/leaderboard.md, 'The votes, to recompute the board'). A vote says which comparison it is
 * from (its id hashed) and its day only to a reader who knows that comparison's models (made,
 * voted on, known from its blind set, or their own battle): for anyone else, who may still vote
 * on it blind, nothing ties it to its post; and the votes come sorted by what they say.
 */
export async function downloadVotes(db: Database, viewerId: string, format: "json" | "csv", now: Date) {
  const key = await instanceSecret(db, VOTES_DOWNLOAD_KEY);
  const snapshot = boardOf(db).latest;
  const table = snapshot?.table;
  const known = table && table.votes > 0 ? await knownComparisons(db, viewerId) : new Set<string>();
  const votes: Listed[] = [];
  for (let v = 0; v < (table?.votes ?? 0); v++) {
    const record = voteOf(table!, v);
    const tied = known.has(record.comparison);
    votes.push({ ...record, comparison: tied ? hashedComparison(key, record.comparison) : null, day: tied ? record.day : null });
  }
  const keys = votes.map(sortKey);
  const order = votes.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  const sorted = order.map((i) => votes[i]!);
  const day = now.toISOString().slice(0, 10);
  if (format === "csv") {
    const lines = [CSV_HEADER];
    for (const record of sorted) {
      const models = [0, 1, 2, 3].map((i) => csvField(record.models[i] ?? null));
      const fields = [csvField(record.comparison), record.source, ...models, record.choice, csvField(record.category), csvField(record.day)];
      lines.push([...fields, ...csvMeasures(record.lengths), ...csvMeasures(record.markdown)].join(","));
    }
    return { filename: `parley-votes-${day}.csv`, contentType: "text/csv; charset=utf-8", body: `${lines.join("\n")}\n` };
  }
  const body = JSON.stringify({ fitted_at: snapshot?.fittedAt.toISOString() ?? null, votes: sorted });
  return { filename: `parley-votes-${day}.json`, contentType: "application/json; charset=utf-8", body: `${body}\n` };
}
