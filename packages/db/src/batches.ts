/**
 * Rows per multi-row INSERT. PostgreSQL takes at most 65,535 bind parameters in one statement;
 * a row of `chat_entries` has 13 of them, so 1,000 rows stay far below whatever a table needs.
 */
export const ROWS_PER_INSERT = 1_000;

/** `rows` cut into batches of at most `size`, in order: one statement each for anything that grows with a conversation. */
export function batchesOf<T>(rows: readonly T[], size = ROWS_PER_INSERT): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}
