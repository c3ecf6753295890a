import type { KeyPolicy, ModelRoute } from "@parley/ai";
import { DEFAULT_CATEGORY } from "@parley/contracts";
import type { AuthIdentity } from "../../../kit/identity";
import { AppError } from "../../../kit/errors";
import { openProviderKey, OWN_KEY_NAME } from "../../../account/user/provider-keys";
import { describeFirstMessage } from "../descriptions";
import { newSessionId } from "../session-id";
import {
  CONTEXT_EXCHANGES,
  MODEL_UNAVAILABLE_MESSAGE,
  modelUnavailableMessage,
  storeExchange,
  type ExchangeRequest,
  type StoredColumn,
  type StoredExchange,
} from "../../exchange/store";
import { withdrawExchange } from "../../exchange/withdraw";
import type { PromptUse } from "../../prompts/uses";
import { countBattlePair } from "../battle/sampling";
import { drawBattlePair, withoutModels } from "../battle/draw";
import { whenAllowanceFrees } from "./allowance-wait";
import { projectEvents, type EventOf } from "./events";
import { streamColumns, type RoutedColumn, type SendDeps } from "./stream";

export type { SendDeps } from "./stream";

/**
 * What is sent to: one model (a chat; `siblingOf` names the exchange an edit or a regeneration
 * is a sibling of, null continues the active branch), 2-4 models side by side (a comparison),
 * or a blind battle between two models drawn from `usable` (the ones the person may use) by `random`.
 */
export type SendShape =
  | { kind: "chat"; modelId: string; siblingOf: number | null }
  | { kind: "comparison"; modelIds: string[] }
  | { kind: "battle"; usable: readonly string[]; random: () => number };

/** The message, its prompts, and the conversation it goes on (0 starts one; a battle always does). */
export type ExchangeInput = { content: string; promptId: number | null; use: PromptUse | null; sessionId: number; category: string | null };

/**
 * Sends one message: a chat's, a comparison's or a battle's. Everything that can refuse it
 * (account, models, prompt, ownership, allowance for every column) is checked before any model
 * is called, in the single statement that stores it as one exchange per column (storeExchange),
 * and throws; a refusal for the allowance first waits for the user's replies in flight to free
 * it (whenAllowanceFrees). Then the columns stream in parallel (streamColumns), a chat's one as
 * a comparison's, and the shape's procedure streams its projection of the events (projectEvents:
 * a battle's name no model). Platform-key replies are charged to the allowance, reserved
 * atomically with the store; own-key and demo replies are recorded, not charged. A battle is
 * stored as a new comparison marked blind, and its refusals name no drawn model.
 */
export async function startExchange<S extends SendShape>(
  deps: SendDeps,
  identity: AuthIdentity,
  shape: S,
  input: ExchangeInput,
  signal?: AbortSignal,
): Promise<AsyncGenerator<EventOf<S["kind"]>>> {
  const sent: SendShape = shape;
  const modelIds = sent.kind === "chat" ? [sent.modelId] : sent.kind === "comparison" ? sent.modelIds : await drawBattlePair(deps, sent.usable, sent.random);
  const columns = modelIds.map((modelId) => ({ modelId, policy: policyOf(deps, modelId, sent.kind === "chat") }));
  const sessionId = sent.kind === "battle" ? 0 : input.sessionId;
  const created = sessionId > 0 ? null : newSessionId();
  // Built again on every try, so a message that waits for the allowance is stored with the time it goes.
  const request = (): ExchangeRequest => ({
    identity,
    kind: sent.kind === "chat" ? "chat" : "comparison",
    battle: sent.kind === "battle",
    columns,
    session: created === null ? { existing: sessionId } : { create: created, description: describeFirstMessage(input.content) },
    siblingOf: sent.kind === "chat" ? sent.siblingOf : null,
    category: input.category,
    defaultCategory: DEFAULT_CATEGORY,
    content: input.content,
    promptId: input.promptId,
    use: input.use,
    exchanges: CONTEXT_EXCHANGES,
    instance: deps.instance ?? null,
    now: deps.now(),
  });
  const stored = await whenAllowanceFrees(deps, () => storeExchange(deps.db, request()), signal).catch((error: unknown) => {
    throw sent.kind === "battle" ? withoutModels(error, modelIds) : error;
  });
  if (sent.kind === "battle") {
    // The count only steers later draws: a battle stored and paid for goes on without it.
    const pair: [string, string] = [modelIds[0]!, modelIds[1]!];
    await countBattlePair(deps.db, pair).catch((error: unknown) => deps.log.warn({ err: error, sessionId: stored.sessionId }, "battle pair not counted"));
  }
  const routed = await routeColumns(deps, stored, sent.kind === "chat", created);
  const events = streamColumns(deps, stored, routed, input.content, { created: created !== null, stoppable: sent.kind !== "chat" }, signal);
  return projectEvents(shape.kind, events) as AsyncGenerator<EventOf<S["kind"]>>;
}

/** A model's key policy; a model not offered to the caller refuses the send (a chat's message names no model). */
function policyOf(deps: Pick<SendDeps, "models">, modelId: string, chat: boolean): KeyPolicy {
  const policy = deps.models.keyPolicy(modelId);
  if (!policy) throw new AppError("BAD_REQUEST", chat ? MODEL_UNAVAILABLE_MESSAGE : modelUnavailableMessage(modelId));
  return policy;
}

/**
 * How each stored column's model is reached. A chat whose model cannot be (a stored key this
 * server can no longer open, a model no longer offered) was sent nothing, so nothing is kept:
 * its exchange is withdrawn and the send refused. A comparison's such column ends as an error
 * while the others go on.
 */
async function routeColumns(deps: SendDeps, stored: StoredExchange, chat: boolean, created: number | null): Promise<RoutedColumn[]> {
  const routed: RoutedColumn[] = [];
  for (const column of stored.columns) {
    let route: ModelRoute | null = null;
    let failure: unknown = null;
    try {
      route = columnRoute(deps, stored, column);
    } catch (error) {
      failure = error;
    }
    if (chat && !route) {
      await withdrawExchange(deps.db, stored, created);
      throw failure ?? new AppError("BAD_REQUEST", MODEL_UNAVAILABLE_MESSAGE);
    }
    if (failure) deps.log.warn({ err: failure, sessionId: stored.sessionId, column: column.column }, "comparison column key could not be opened");
    routed.push({ column, route });
  }
  return routed;
}

/**
 * How a stored column's model is reached: with the user's own key (opened here) when it pays,
 * else as the catalogue says. Null when the model is no longer offered; throws when the stored
 * key cannot be opened.
 */
function columnRoute(deps: Pick<SendDeps, "models" | "keys">, stored: Pick<StoredExchange, "userId">, column: StoredColumn): ModelRoute | null {
  const service = deps.models.keyPolicy(column.modelId)?.ownKey ?? null;
  const ownKey =
    service && column.payer === "user" && column.sealedKey ? openProviderKey(deps.keys, stored.userId, OWN_KEY_NAME[service], column.sealedKey) : undefined;
  return deps.models.resolve(column.modelId, service && ownKey ? { [service]: ownKey } : {});
}
