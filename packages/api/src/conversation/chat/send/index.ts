import { setTimeout as sleep } from "node:timers/promises";
import { estimateTokens, ProviderError, type ChatTurn, type ModelRoute } from "@parley/ai";
import { DEFAULT_CATEGORY, MESSAGES } from "@parley/contracts";
import type { Database } from "@parley/db";
import type { KeyVault } from "@parley/keys";
import type { AuthIdentity } from "../../../kit/identity";
import type { Logger } from "../../../kit/logger";
import { AppError } from "../../../kit/errors";
import { openProviderKey } from "../../../account/user/provider-keys";
import { describeFirstMessage } from "../descriptions";
import type { ModelGateway, ReplyMetrics } from "../../../kit/ports";
import { newSessionId } from "../session-id";
import { AllowanceRefusal, allowanceOutlook, exhaustedMessage } from "../../../account/subscription/allowance";
import type { Reservation } from "../../../account/subscription/budget";
import type { Payer } from "../../../account/subscription/payer";
import { OWN_KEY_NAME } from "../../../account/user/provider-keys";
import { finishExchange } from "../../exchange/settle";
import { CONTEXT_EXCHANGES, MODEL_UNAVAILABLE_MESSAGE, storeExchange, type StoredColumn, type ExchangeRequest, type StoredExchange } from "../../exchange/store";
import { withdrawExchange } from "../../exchange/withdraw";
import { REPLY_TIMEOUT_MS } from "./interrupted";
/** How often a send waiting for the allowance its user's replies in flight hold looks again: first, and at most. */
const HELD_ALLOWANCE_POLL_MS = 50;
const HELD_ALLOWANCE_POLL_MAX_MS = 500;

export type SendInput = {
  content: string;
  modelId: string;
  promptId: number | null;
  sessionId: number;
  category: string | null;
  /** The exchange the new one is a sibling of (an edit or a regeneration); null continues the active branch. */
  siblingOf?: number | null;
};

/** What a send streams: the session first, then text, then exactly one `done` or `error`. */
export type SendEvent =
  | { type: "session"; session_id: number; entry_id: number; description: string; created: boolean }
  | { type: "text"; text: string }
  | { type: "done"; session_id: number; message_response: string; usage: { input_tokens: number; output_tokens: number; charged_tokens: number } }
  | { type: "error"; session_id: number; message: string; detail: string; partial_response: string };

export type SendDeps = {
  db: Database;
  models: ModelGateway;
  keys: KeyVault;
  log: Logger;
  now: () => Date;
  metrics?: ReplyMetrics;
  /** The server's lease id, named by the reservations of its replies (see settleInterruptedReplies). */
  instance?: string | null;
};

export type PreparedSend = {
  userId: string;
  route: ModelRoute;
  turns: ChatTurn[];
  system: string | undefined;
  inputEstimate: number;
  maxTokens: number;
  payer: Payer;
  reservation: Reservation | undefined;
  sessionId: number;
  entryId: number;
  description: string;
  created: boolean;
};

/**
 * Sends one message. Everything that can refuse the
 * send (account, model, prompt, ownership, allowance) is checked before any model call, in the
 * same single statement that stores the message, and throws; the returned stream carries the
 * reply. Platform-key replies are charged to the allowance, reserved atomically with the store;
 * own-key and demo replies are recorded, not charged.
 */
export async function startSend(deps: SendDeps, identity: AuthIdentity, input: SendInput, signal?: AbortSignal): Promise<AsyncGenerator<SendEvent>> {
  const policy = deps.models.keyPolicy(input.modelId);
  if (!policy) throw new AppError("BAD_REQUEST", MODEL_UNAVAILABLE_MESSAGE);
  const { created, request } = newMessageRequest(deps, identity, "chat", [{ modelId: input.modelId, policy }], input);
  const stored = await whenAllowanceFrees(deps, () => storeExchange(deps.db, request()), signal);
  const column = stored.columns[0]!;
  let route: ModelRoute | null;
  try {
    route = columnRoute(deps, stored, column);
    if (!route) throw new AppError("BAD_REQUEST", MODEL_UNAVAILABLE_MESSAGE);
  } catch (error) {
    // A stored key this server can no longer open: nothing was sent, so nothing is kept.
    await withdrawExchange(deps.db, stored, created);
    throw error;
  }
  return streamReply(deps, preparedSend(stored, column, route, input.content, created !== null), signal);
}

/**
 * How a stored column's model is reached: with the user's own key (opened here) when it pays,
 * else as the catalogue says. Null when the model is no longer offered; throws when the stored
 * key cannot be opened.
 */
export function columnRoute(deps: Pick<SendDeps, "models" | "keys">, stored: Pick<StoredExchange, "userId">, column: StoredColumn): ModelRoute | null {
  const service = deps.models.keyPolicy(column.modelId)?.ownKey ?? null;
  const ownKey = service && column.payer === "user" && column.sealedKey ? openProviderKey(deps.keys, stored.userId, OWN_KEY_NAME[service], column.sealedKey) : undefined;
  return deps.models.resolve(column.modelId, service && ownKey ? { [service]: ownKey } : {});
}

/** What streamReply needs of one stored column: its context and the new message, and what may be spent. */
export function preparedSend(stored: StoredExchange, column: StoredColumn, route: ModelRoute, content: string, created: boolean): PreparedSend {
  const turns: ChatTurn[] = [
    ...column.history.flatMap((e): ChatTurn[] => [
      { role: "user", content: e.message },
      { role: "assistant", content: e.response },
    ]),
    { role: "user", content },
  ];
  return {
    userId: stored.userId,
    route,
    turns,
    system: stored.system,
    inputEstimate: column.inputEstimate,
    maxTokens: column.maxTokens,
    payer: column.payer,
    reservation: column.reservation,
    sessionId: stored.sessionId,
    entryId: column.entryId,
    description: stored.description,
    created,
  };
}

/**
 * The store request of a new message, a chat's or a comparison's: in a new session (its id drawn
 * here) when `sessionId` is not positive. Built again on every try, so a message that waits for
 * the allowance to free is stored with the time it goes.
 */
export function newMessageRequest(
  deps: Pick<SendDeps, "instance" | "now">,
  identity: AuthIdentity,
  kind: ExchangeRequest["kind"],
  columns: ExchangeRequest["columns"],
  input: { sessionId: number; content: string; category: string | null; promptId: number | null; siblingOf?: number | null },
): { created: number | null; request: () => ExchangeRequest } {
  const created = input.sessionId > 0 ? null : newSessionId();
  const request = (): ExchangeRequest => ({
    identity,
    kind,
    columns,
    session: created === null ? { existing: input.sessionId } : { create: created, description: describeFirstMessage(input.content) },
    siblingOf: input.siblingOf ?? null,
    category: input.category,
    defaultCategory: DEFAULT_CATEGORY,
    content: input.content,
    promptId: input.promptId,
    exchanges: CONTEXT_EXCHANGES,
    instance: deps.instance ?? null,
    now: deps.now(),
  });
  return { created, request };
}

/**
 * Runs `attempt` (which stores a message and reserves its allowance, or throws). An attempt
 * refused for its allowance is not the last word: the user's other replies in flight hold part
 * of the allowance and give back what they do not spend when they end, and the attempt may have
 * seen the balance while another send's reservation or release was still being written. So what
 * is left and what is held are read again together: when what is left covers the message it is
 * tried again at once, when the holds could still free enough it waits for them, however long
 * they take (a reply ends by its time-out, a stopped server's holds are settled), and only when
 * neither could cover it does the refusal stand, saying what is left. A send whose caller went
 * away stops waiting.
 */
export async function whenAllowanceFrees<T>(deps: Pick<SendDeps, "db" | "now">, attempt: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  let pause = HELD_ALLOWANCE_POLL_MS;
  let atOnce = 0;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof AllowanceRefusal) || signal?.aborted) throw error;
      const outlook = await allowanceOutlook(deps.db, error.userId, deps.now());
      if (!outlook) throw error;
      // Without a known need, any hold may free enough.
      const needs = error.needs?.tokens ?? outlook.left + 1;
      if (outlook.left < needs && (outlook.held === 0 || outlook.left + outlook.held < needs)) {
        throw new AllowanceRefusal(exhaustedMessage(outlook.plan, outlook.allowed, outlook.left, error.needs), error.userId, error.needs);
      }
      // Enough is left already: again at once (a few times, then at the pace of the waits).
      if (outlook.left >= needs && atOnce++ < 3) continue;
      await sleep(pause, undefined, signal ? { signal } : undefined).catch(() => undefined);
      if (signal?.aborted) throw error;
      pause = Math.min(pause * 2, HELD_ALLOWANCE_POLL_MAX_MS);
    }
  }
}

/**
 * Streams the model's reply and stores it. A provider failure, a time-out or a disconnect
 * loses nothing: the exchange keeps what arrived with an error or 'stopped' status.
 */
export async function* streamReply(deps: SendDeps, send: PreparedSend, signal?: AbortSignal): AsyncGenerator<SendEvent> {
  const { route, reservation, sessionId } = send;
  // Past the reply time-out the reply is cut off, so an exchange pending longer has lost its server.
  const deadline = AbortSignal.timeout(REPLY_TIMEOUT_MS);
  const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const request = { model: route.entry.version, messages: send.turns, system: send.system, maxTokens: send.maxTokens, signal: stop };
  const upstream = route.provider.stream(request)[Symbol.asyncIterator]();
  // The model is asked before the session event goes out, so the two overlap; a failure is
  // read (and handled) in the loop below.
  const first = upstream.next();
  first.catch(() => undefined);
  const observed = deps.metrics?.replyStarted({ id: route.entry.id, service: route.entry.service });

  let reply = "";
  let usage = { inputTokens: 0, outputTokens: 0 };
  let failure: ProviderError | undefined;
  let finished = false;
  let charged: number;
  try {
    yield { type: "session", session_id: sessionId, entry_id: send.entryId, description: send.description, created: send.created };
    for (let next = await first; !next.done; next = await upstream.next()) {
      const event = next.value;
      if (event.type === "text") {
        reply += event.text;
        observed?.firstToken();
        yield { type: "text", text: event.text };
      } else {
        usage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
      }
    }
    finished = true;
  } catch (error) {
    failure = deadline.aborted ? new ProviderError("timeout") : error instanceof ProviderError ? error : new ProviderError("unavailable");
    if (!(error instanceof ProviderError)) deps.log.error({ err: error, sessionId }, "model call failed");
  } finally {
    // Runs on success, on failure and when the consumer goes away mid-stream (which closes the
    // model call; after the end or a failure this does nothing).
    await upstream.return?.(undefined).catch(() => undefined);
    if (!finished && usage.outputTokens === 0) usage = { inputTokens: send.inputEstimate, outputTokens: estimateTokens(reply) };
    const status = finished ? "complete" : failure && failure.kind !== "aborted" ? "error" : "stopped";
    observed?.finished({ status, ...usage });
    charged = reservation ? Math.min(usage.inputTokens + usage.outputTokens, reservation.reserved) : 0;
    await finishExchange(deps.db, {
      userId: send.userId,
      sessionId,
      entryId: send.entryId,
      reply,
      status,
      error: failure?.kind ?? null,
      usage,
      model: { id: route.entry.id, service: route.entry.service, payer: send.payer },
      charged,
      reservation,
      now: deps.now(),
    });
  }
  if (failure) {
    deps.log.warn({ sessionId, model: route.entry.id, kind: failure.kind, status: failure.status, code: failure.code }, "model reply failed");
    yield { type: "error", session_id: sessionId, message: MESSAGES.sendFailed, detail: failure.message, partial_response: reply };
    return;
  }
  yield {
    type: "done",
    session_id: sessionId,
    message_response: reply,
    usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens, charged_tokens: charged },
  };
}
