import { eq } from "drizzle-orm";
import { ProviderError, type ChatTurn, type ModelRoute, type UserKeys } from "@parley/ai";
import { DEFAULT_CATEGORY, MESSAGES } from "@parley/contracts";
import { chatEntries, chatSessions, type Database } from "@parley/db";
import type { Logger } from "../context";
import { AppError } from "../errors";
import { MIN_REPLY_TOKENS, recordUsage, reserveTokens, settleReservation, type Reservation } from "../subscription/allowance";
import type { KeyVault } from "../user/key-vault";
import { getProviderKeys } from "../user/provider-keys";
import { describeFirstMessage } from "./descriptions";
import type { ModelGateway } from "./model-gateway";
import { getPromptForUser } from "./prompts";
import { newSessionId } from "./session-id";
import { getOwnedSession, listEntriesBySession } from "./sessions";

/** Longest reply asked of a model in one exchange. */
export const MAX_REPLY_TOKENS = 2048;
/** Earlier exchanges sent along as context. */
const CONTEXT_EXCHANGES = 20;

export type SendInput = {
  content: string;
  modelId: string;
  promptId: number | null;
  sessionId: number;
  category: string | null;
};

/** What a send streams: the session first, then text, then exactly one `done` or `error`. */
export type SendEvent =
  | { type: "session"; session_id: number; entry_id: number; description: string; created: boolean }
  | { type: "text"; text: string }
  | { type: "done"; session_id: number; message_response: string; usage: { input_tokens: number; output_tokens: number; charged_tokens: number } }
  | { type: "error"; session_id: number; message: string; detail: string; partial_response: string };

export type SendDeps = { db: Database; models: ModelGateway; keys: KeyVault; log: Logger; now: () => Date };

/** Rough token count for budgeting before the call (about four characters a token). */
const estimateTokens = (text: string) => Math.ceil(text.length / 4) + 4;

/** The user's own key for the model's service, if any; catalogue ids are `service:version`. */
async function userKeysOf(deps: SendDeps, userId: string, modelId: string): Promise<UserKeys> {
  const service = modelId.split(":", 1)[0];
  const own = await getProviderKeys(deps.db, deps.keys, userId, (p) => (p === "openai" ? service === "openai" : service === "anthropic"));
  return { openai: own.openai, anthropic: own.claude };
}

function resolveRoute(deps: SendDeps, modelId: string, keys: UserKeys): ModelRoute {
  const route = deps.models.resolve(modelId, keys);
  if (!route) {
    throw new AppError(
      "BAD_REQUEST",
      "This model is not available to you. Pick another model, or add a key for its service under Profile → API Keys.",
    );
  }
  return route;
}

type PreparedSend = {
  userId: string;
  route: ModelRoute;
  turns: ChatTurn[];
  system: string | undefined;
  inputEstimate: number;
  maxTokens: number;
  reservation: Reservation | undefined;
  sessionId: number;
  entryId: number;
  description: string;
  created: boolean;
};

/**
 * Sends one message (spec §4 chat session; DESIGN.md "Models"). Everything that can refuse the
 * send (model, prompt, ownership, allowance) happens here, before any model call, and throws;
 * the user's message is then stored, and the returned stream carries the reply. Platform-key
 * replies are charged to the allowance, reserved atomically up front; own-key and demo replies
 * are recorded, not charged.
 */
export async function startSend(deps: SendDeps, userId: string, input: SendInput, signal?: AbortSignal): Promise<AsyncGenerator<SendEvent>> {
  const keys = await userKeysOf(deps, userId, input.modelId);
  const route = resolveRoute(deps, input.modelId, keys);
  const system = input.promptId === null ? undefined : (await getPromptForUser(deps.db, userId, input.promptId)).prompt;
  const existing = input.sessionId > 0 ? await getOwnedSession(deps.db, userId, input.sessionId) : undefined;

  const history = existing ? (await listEntriesBySession(deps.db, existing.id)).filter((e) => e.status === "complete").slice(-CONTEXT_EXCHANGES) : [];
  const turns: ChatTurn[] = [
    ...history.flatMap((e): ChatTurn[] => [
      { role: "user", content: e.messageContent },
      { role: "assistant", content: e.responseContent },
    ]),
    { role: "user", content: input.content },
  ];
  const inputEstimate = estimateTokens((system ?? "") + turns.map((t) => t.content).join(""));

  // One transaction reserves the allowance (platform keys only) and stores the message, so a
  // refused send leaves nothing behind and an accepted one is saved before the model is called.
  const description = existing?.description ?? describeFirstMessage(input.content);
  const budget = route.keySource === "platform" ? { wanted: inputEstimate + MAX_REPLY_TOKENS, minimum: inputEstimate + MIN_REPLY_TOKENS } : undefined;
  const stored = await storeMessage(deps, userId, existing?.id, input, description, budget);
  const maxTokens = stored.reservation ? Math.max(MIN_REPLY_TOKENS, stored.reservation.reserved - inputEstimate) : MAX_REPLY_TOKENS;
  const prepared = { userId, route, turns, system, inputEstimate, maxTokens, description, created: !existing, ...stored };
  return streamReply(deps, prepared, signal);
}

/**
 * Streams the model's reply and stores it. A provider failure, a time-out or a disconnect
 * loses nothing: the entry keeps what arrived with an error or 'stopped' status.
 */
async function* streamReply(deps: SendDeps, send: PreparedSend, signal?: AbortSignal): AsyncGenerator<SendEvent> {
  const { route, reservation, sessionId } = send;
  yield { type: "session", session_id: sessionId, entry_id: send.entryId, description: send.description, created: send.created };

  let reply = "";
  let usage = { inputTokens: 0, outputTokens: 0 };
  let failure: ProviderError | undefined;
  let finished = false;
  let charged: number;
  try {
    const request = { model: route.entry.version, messages: send.turns, system: send.system, maxTokens: send.maxTokens, signal };
    for await (const event of route.provider.stream(request)) {
      if (event.type === "text") {
        reply += event.text;
        yield { type: "text", text: event.text };
      } else {
        usage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
      }
    }
    finished = true;
  } catch (error) {
    failure = error instanceof ProviderError ? error : new ProviderError("unavailable");
    if (!(error instanceof ProviderError)) deps.log.error({ err: error, sessionId }, "model call failed");
  } finally {
    // Runs on success, on failure and when the consumer goes away mid-stream.
    if (!finished && usage.outputTokens === 0) usage = { inputTokens: send.inputEstimate, outputTokens: estimateTokens(reply) - 4 };
    const status = finished ? "complete" : failure && failure.kind !== "aborted" ? "error" : "stopped";
    charged = reservation ? Math.min(usage.inputTokens + usage.outputTokens, reservation.reserved) : 0;
    await finishEntry(deps, { entryId: send.entryId, sessionId, reply, status, usage, error: failure?.kind ?? null });
    await recordUsage(deps.db, {
      userId: send.userId,
      sessionId,
      modelId: route.entry.id,
      service: route.entry.service,
      keySource: route.keySource,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      chargedTokens: charged,
    });
    if (reservation) await settleReservation(deps.db, reservation, charged);
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

/** Reserves the allowance when a budget is given, creates the session when needed and stores the user's message. */
async function storeMessage(
  deps: SendDeps,
  userId: string,
  sessionId: number | undefined,
  input: SendInput,
  description: string,
  budget: { wanted: number; minimum: number } | undefined,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const reservation = budget ? await reserveTokens(tx, userId, budget.wanted, budget.minimum, now) : undefined;
    let id = sessionId;
    if (id === undefined) {
      id = newSessionId();
      await tx.insert(chatSessions).values({
        id,
        userId,
        description,
        category: input.category ?? DEFAULT_CATEGORY,
        createdAt: now,
        lastUpdated: now,
      });
    } else {
      await tx
        .update(chatSessions)
        .set({ lastUpdated: now, ...(input.category ? { category: input.category } : {}) })
        .where(eq(chatSessions.id, id));
    }
    const [entry] = await tx
      .insert(chatEntries)
      .values({ sessionId: id, messageContent: input.content, modelId: input.modelId, promptId: input.promptId, status: "pending", createdAt: now })
      .returning({ id: chatEntries.id });
    return { sessionId: id, entryId: entry!.id, reservation };
  });
}

async function finishEntry(
  deps: SendDeps,
  result: { entryId: number; sessionId: number; reply: string; status: string; usage: { inputTokens: number; outputTokens: number }; error: string | null },
) {
  await deps.db
    .update(chatEntries)
    .set({
      responseContent: result.reply,
      status: result.status,
      error: result.error,
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
    })
    .where(eq(chatEntries.id, result.entryId));
  await deps.db.update(chatSessions).set({ lastUpdated: deps.now() }).where(eq(chatSessions.id, result.sessionId));
}
