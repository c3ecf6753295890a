import { and, inArray, sql } from "drizzle-orm";
import { battlePairs, columnNames, setColumns, type Executor } from "@parley/db";

/** Whether a model may be drawn into a battle: only a rated one (never the offline demo). */
export { isRatedModel } from "../rated";

/** Two models, as shown: A first. */
export type BattlePair = [string, string];

/** The key of an unordered pair of models (the smaller id first, as battle_pairs stores it). */
export function pairKey(one: string, other: string): string {
  return one < other ? `${one}\n${other}` : `${other}\n${one}`;
}

/**
 * A pair's weight in the draw: 1 / (1 + the battles it has had). A pair no one has seen yet is
 * twice as likely as one seen once and 101 times as likely as one seen 100 times, so the counts
 * even out while every pair stays possible (docs/leaderboard.md, "Battles").
 */
export function pairWeight(battles: number): number {
  return 1 / (1 + Math.max(0, battles));
}

/**
 * Draws two different models from `models` (the ones the person may use): each unordered pair
 * with pairWeight of its count in `counts` (by pairKey; absent is 0), then which is A by a fair
 * coin. `random` gives numbers in [0, 1). Needs at least two models.
 */
export function pickBattlePair(models: readonly string[], counts: ReadonlyMap<string, number>, random: () => number): BattlePair {
  const distinct = [...new Set(models)].sort();
  if (distinct.length < 2) throw new Error("A battle needs at least two models.");
  const pairs: { pair: BattlePair; weight: number }[] = [];
  for (let i = 0; i < distinct.length; i++) {
    for (let j = i + 1; j < distinct.length; j++) {
      const pair: BattlePair = [distinct[i]!, distinct[j]!];
      pairs.push({ pair, weight: pairWeight(counts.get(pairKey(...pair)) ?? 0) });
    }
  }
  const total = pairs.reduce((sum, p) => sum + p.weight, 0);
  let at = random() * total;
  let chosen = pairs.at(-1)!.pair;
  for (const p of pairs) {
    at -= p.weight;
    if (at < 0) {
      chosen = p.pair;
      break;
    }
  }
  return random() < 0.5 ? [chosen[0], chosen[1]] : [chosen[1], chosen[0]];
}

/** How many battles each pair among `models` has had, by pairKey (pairs without any are absent). */
export async function loadPairCounts(db: Executor, models: readonly string[]): Promise<Map<string, number>> {
  if (models.length < 2) return new Map();
  const rows = await db
    .select({ a: battlePairs.modelA, b: battlePairs.modelB, battles: battlePairs.battles })
    .from(battlePairs)
    .where(and(inArray(battlePairs.modelA, [...models]), inArray(battlePairs.modelB, [...models])));
  return new Map(rows.map((row) => [pairKey(row.a, row.b), row.battles]));
}

/**
 * Counts one more battle for a pair (atomically, as every counter). The database orders the two
 * (least, greatest), so the row is the one its own collation's check expects.
 */
export async function countBattlePair(db: Executor, pair: BattlePair): Promise<void> {
  const p = battlePairs;
  const [one, other] = pair;
  await db.execute(sql`insert into ${p} (${columnNames(p.modelA, p.modelB, p.battles)})
    values (least(${one}::text, ${other}::text), greatest(${one}::text, ${other}::text), 1)
    on conflict (${columnNames(p.modelA, p.modelB)}) do update set ${setColumns(p, { battles: sql`${p.battles} + 1` })}`);
}
