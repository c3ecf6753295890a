import type { BoardSnapshot } from "./board";
import { inCategory } from "./fit";

/**
 * The board's counted votes (indexes into the snapshot's table) on comparisons started from
 * `promptId` whose models the viewer already knows (`known`, as knownComparisons names them), in
 * one category or all. The per-prompt matrix and a prompt's Answers read these: over a comparison
 * the viewer does not know, either would name its models and its leader (docs/leaderboard.md).
 */
export function knownPromptVotes(snapshot: BoardSnapshot, promptId: number, known: ReadonlySet<string>, category: string | null = null): Int32Array {
  const { table } = snapshot;
  const at = category === null ? -1 : table.categories.indexOf(category);
  return (snapshot.byPrompt.get(promptId) ?? new Int32Array(0)).filter(
    (v) => known.has(table.comparisonIds[table.comparison[v]!]!) && (category === null || (at >= 0 && inCategory(table, v, at))),
  );
}

/**
 * Per model (by its key) shown in `votes`: the votes that picked its answer (a tie or 'both bad'
 * picks none), and the name the board gives it. A model shown in them that won none is listed with 0.
 */
export function votesWonBy(snapshot: BoardSnapshot, votes: Int32Array): Map<string, { name: string; votes: number }> {
  const { table, names } = snapshot;
  const won = new Map<string, { name: string; votes: number }>();
  for (const v of votes) {
    for (let at = table.offsets[v]!; at < table.offsets[v + 1]!; at++) {
      const key = table.keys[table.model[at]!]!;
      let entry = won.get(key);
      if (!entry) won.set(key, (entry = { name: names.get(key)?.modelName ?? key, votes: 0 }));
      if (at - table.offsets[v]! === table.choice[v]) entry.votes++;
    }
  }
  return won;
}
