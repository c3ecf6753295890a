import { MESSAGES } from "@parley/contracts";
import type { AuthIdentity } from "../../../kit/identity";
import { AppError } from "../../../kit/errors";
import { modelUnavailableMessage, storeExchange } from "../../exchange/store";
import { streamColumns, type CompareDeps, type CompareEvent } from "../compare";
import { newMessageRequest, whenAllowanceFrees } from "../send";
import { BATTLE_LABELS } from "./blind";
import { countBattlePair, isRatedModel, loadPairCounts, pickBattlePair, type BattlePair } from "./sampling";

/** Where fewer than two models are usable: what would add more (as Compare says). */
export function tooFewModelsMessage(count: number): string {
  const have = count === 0 ? "none is" : "only 1 is";
  return `A battle needs at least 2 models, and ${have} available to you. Add your own OpenAI or Claude key under Admin → API Keys, or ask the operator to offer more models.`;
}

/** A model drawn for the battle that could not be used after all (its key went meanwhile): the battle is not started. */
export const BATTLE_MODEL_GONE_MESSAGE = "A model drawn for this battle is no longer available to you. Start the battle again.";

export type BattleInput = { content: string; promptId: number | null; category: string | null };

/**
 * What a battle streams: a comparison's events with no model in them. The session first (its
 * columns labelled A and B), then each column's text and exactly one `done`, `error` or
 * `stopped` per column, then `end`. The models are named by the verdict, never here, and so is
 * each answer's usage: a person's own key is not charged and a platform model is, and providers
 * count one message in different tokens, so an answer's usage would tell its kind of model.
 */
export type BattleEvent =
  | { type: "session"; session_id: number; description: string; created: boolean; columns: { column: number; label: string; entry_id: number }[] }
  | { type: "text"; column: number; text: string }
  | { type: "done"; column: number; session_id: number; message_response: string }
  | { type: "error"; column: number; session_id: number; message: string; detail: string; partial_response: string }
  | { type: "stopped"; column: number; session_id: number; partial_response: string }
  | { type: "end"; session_id: number };

/**
 * Starts a blind battle: two models drawn by pickBattlePair from `usable` (the ones the person
 * may use) that are rated (never the offline demo, isRatedModel), stored as a new comparison marked blind, with the checks, reservation and
 * payer of any comparison (storeExchange), then streamed as A and B. `random` draws.
 */
export async function startBattle(
  deps: CompareDeps,
  identity: AuthIdentity,
  input: BattleInput,
  usable: readonly string[],
  random: () => number,
  signal?: AbortSignal,
): Promise<AsyncGenerator<BattleEvent>> {
  const models = usable.filter((id) => isRatedModel(id) && deps.models.keyPolicy(id) !== null);
  if (new Set(models).size < 2) throw new AppError("BAD_REQUEST", tooFewModelsMessage(new Set(models).size));
  const pair = pickBattlePair(models, await loadPairCounts(deps.db, models), random);
  const columns = pair.map((modelId) => ({ modelId, policy: deps.models.keyPolicy(modelId)! }));
  const { request } = newMessageRequest(deps, identity, "comparison", columns, { ...input, sessionId: 0 });
  const prepared = await whenAllowanceFrees(deps, () => storeExchange(deps.db, { ...request(), battle: true }), signal).catch((error: unknown) => {
    throw withoutModels(error, pair);
  });
  // The count only steers later draws: a battle stored and paid for goes on without it.
  await countBattlePair(deps.db, pair).catch((error: unknown) => deps.log.warn({ err: error, sessionId: prepared.sessionId }, "battle pair not counted"));
  return blind(streamColumns(deps, prepared, input.content, true, signal), pair);
}

/** A refusal that would name a drawn model says so without naming it. */
function withoutModels(error: unknown, pair: BattlePair): unknown {
  if (error instanceof AppError && pair.some((id) => error.message.includes(id))) return new AppError(error.kind, BATTLE_MODEL_GONE_MESSAGE);
  return error;
}

/** A comparison's events as a battle's: the columns labelled, no usage, and no detail that names a model. */
async function* blind(events: AsyncGenerator<CompareEvent>, pair: BattlePair): AsyncGenerator<BattleEvent> {
  const naming = new Set(pair.map(modelUnavailableMessage));
  for await (const event of events) {
    if (event.type === "session") {
      yield {
        type: "session",
        session_id: event.session_id,
        description: event.description,
        created: event.created,
        columns: event.columns.map((c) => ({ column: c.column, label: BATTLE_LABELS[c.column] ?? String(c.column), entry_id: c.entry_id })),
      };
    } else if (event.type === "error") {
      yield { ...event, detail: naming.has(event.detail) || pair.some((id) => event.detail.includes(id)) ? MESSAGES.sendFailed : event.detail };
    } else if (event.type === "done") {
      yield { type: "done", column: event.column, session_id: event.session_id, message_response: event.message_response };
    } else yield event;
  }
}
