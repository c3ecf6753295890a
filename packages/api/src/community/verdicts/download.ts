import { createHmac, randomBytes } from "node:crypto";
import type { Database } from "@parley/db";
import { boardOf } from "./board";
import { BOTH_BAD, TIE, type VoteTable } from "./fit";

/** The key comparison ids are hashed under: drawn per process, so a hashed id cannot be traced back to its post or battle. */
const HASH_KEY = randomBytes(32);

const LABELS = ["A", "B", "C", "D", "E", "F", "G", "H"];

/** A comparison's id as a download shows it: 16 bytes of HMAC-SHA256, the same for every vote of one comparison. */
export const hashedComparison = (comparisonId: string) => createHmac("sha256", HASH_KEY).update(comparisonId).digest("hex").slice(0, 32);

/** The choice as a download writes it: the label of the answer picked (A is the first shown), tie or both_bad. */
const choiceOf = (choice: number) => (choice === TIE ? "tie" : choice === BOTH_BAD ? "both_bad" : LABELS[choice]!);

/** Vote v of the table as a download lists it. */
function voteOf(table: VoteTable, v: number) {
  const models: string[] = [];
  for (let at = table.offsets[v]!; at < table.offsets[v + 1]!; at++) models.push(table.keys[table.model[at]!]!);
  const first = table.categoryOffsets[v]!;
  return {
    comparison: table.comparisonIds[table.comparison[v]!]!,
    source: table.battle[v] === 1 ? ("battle" as const) : ("post" as const),
    models,
    choice: choiceOf(table.choice[v]!),
    category: first < table.categoryOffsets[v + 1]! ? table.categories[table.category[first]!]! : null,
    day: table.days[table.day[v]!]!,
  };
}

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
const csvField = (value: string | null) => (value === null ? "" : /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

const CSV_HEADER = "comparison,source,model_a,model_b,model_c,model_d,choice,category,day";

/**
 * The votes of the last fit, anonymised (no voter, comparison ids hashed), as JSON or CSV: the
 * models in the order shown, the choice, the category and the day. Enough to recompute the board
 * (docs/leaderboard.md, 'Recomputing the board').
 */
export function downloadVotes(db: Database, format: "json" | "csv", now: Date) {
  const snapshot = boardOf(db).latest;
  const table = snapshot?.table;
  const records = table ? Array.from({ length: table.votes }, (_, v) => voteOf(table, v)) : [];
  const day = now.toISOString().slice(0, 10);
  if (format === "csv") {
    const lines = [CSV_HEADER];
    for (const record of records) {
      const models = [0, 1, 2, 3].map((i) => csvField(record.models[i] ?? null));
      lines.push([hashedComparison(record.comparison), record.source, ...models, record.choice, csvField(record.category), record.day].join(","));
    }
    return { filename: `parley-votes-${day}.csv`, contentType: "text/csv; charset=utf-8", body: `${lines.join("\n")}\n` };
  }
  const votes = records.map((record) => ({ ...record, comparison: hashedComparison(record.comparison) }));
  const body = JSON.stringify({ fitted_at: snapshot?.fittedAt.toISOString() ?? null, votes });
  return { filename: `parley-votes-${day}.json`, contentType: "application/json; charset=utf-8", body: `${body}\n` };
}
