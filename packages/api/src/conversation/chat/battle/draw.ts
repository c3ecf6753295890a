import type { Database } from "@parley/db";
import { AppError } from "../../../kit/errors";
import type { ModelGateway } from "../../../kit/ports";
import { isRatedModel, loadPairCounts, pickBattlePair, type BattlePair } from "./sampling";

/** Where fewer than two models are usable: what would add more (as Compare says). */
export function tooFewModelsMessage(count: number): string {
  const have = count === 0 ? "none is" : "only 1 is";
  return `A battle needs at least 2 models, and ${have} available to you. Add your own OpenAI or Claude key under Admin → API Keys, or ask the operator to offer more models.`;
}

/** A model drawn for the battle that could not be used after all (its key went meanwhile): the battle is not started. */
export const BATTLE_MODEL_GONE_MESSAGE = "A model drawn for this battle is no longer available to you. Start the battle again.";

/**
 * A battle's two models, drawn by pickBattlePair from `usable` (the ones the person may use)
 * that are rated (never the offline demo, isRatedModel) and offered here. `random` draws.
 */
export async function drawBattlePair(deps: { db: Database; models: ModelGateway }, usable: readonly string[], random: () => number): Promise<BattlePair> {
  const models = usable.filter((id) => isRatedModel(id) && deps.models.keyPolicy(id) !== null);
  if (new Set(models).size < 2) throw new AppError("BAD_REQUEST", tooFewModelsMessage(new Set(models).size));
  return pickBattlePair(models, await loadPairCounts(deps.db, models), random);
}

/** A refusal that would name a drawn model says so without naming it. */
export function withoutModels(error: unknown, pair: readonly string[]): unknown {
  if (error instanceof AppError && pair.some((id) => error.message.includes(id))) return new AppError(error.kind, BATTLE_MODEL_GONE_MESSAGE);
  return error;
}
