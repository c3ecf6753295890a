import { ProviderError, type ChatTurn, type ModelRoute, type UserKeys } from "@parley/ai";
import { DEFAULT_CATEGORY, MESSAGES } from "@parley/contracts";
import type { Database } from "@parley/db";
import type { AuthIdentity, Logger } from "../context";
import { AppError } from "../errors";
import { MIN_REPLY_TOKENS, type Reservation } from "../subscription/allowance";
import type { KeyVault } from "../user/key-vault";
import { openProviderKey, type ProviderKeyName } from "../user/provider-keys";
import { describeFirstMessage } from "./descriptions";
import type { ModelGateway } from "./model-gateway";
import { getPromptForUser } from "./prompts";
import { finishExchange, findSender, loadContext, storeMessage } from "./send-store";
import { newSessionId } from "./session-id";

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

/** Which of the user's own keys a model can use; catalogue ids are `service:version`. */
function keyNameOf(modelId: string): ProviderKeyName | null {
  const service = modelId.split(":", 1)[0];
  return service === "openai" ? "openai" : service === "anthropic" ? "claude" : null;
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
 * send (account, model, prompt, ownership, allowance) happens here, before any model call, and
 * throws; the user's message is then stored, and the returned stream carries the reply.
 * Platform-key replies are charged to the allowance, reserved atomically with the store;
 * own-key and demo replies are recorded, not charged. The model is called after at most three
 * round trips to the database: the sender, the conversation (prompt alongside), the store.
 */
export async function startSend(deps: SendDeps, identity: AuthIdentity, input: SendInput, signal?: AbortSignal): Promise<AsyncGenerator<SendEvent>> {
  const keyName = keyNameOf(input.modelId);
  const sender = await findSender(deps.db, identity, keyName);
  const { userId } = sender;
  const ownKey = keyName && sender.sealedKey ? openProviderKey(deps.keys, userId, keyName, sender.sealedKey) : undefined;
  const route = resolveRoute(deps, input.modelId, { openai: keyName === "openai" ? ownKey : undefined, anthropic: keyName === "claude" ? ownKey : undefined });

  const [prompt, context] = await Promise.all([
    input.promptId === null ? undefined : getPromptForUser(deps.db, userId, input.promptId),
    input.sessionId > 0 ? loadContext(deps.db, userId, input.sessionId, CONTEXT_EXCHANGES) : undefined,
  ]);
  const system = prompt?.prompt;
  const turns: ChatTurn[] = [
    ...(context?.history ?? []).flatMap((e): ChatTurn[] => [
      { role: "user", content: e.message },
      { role: "assistant", content: e.response },
    ]),
    { role: "user", content: input.content },
  ];
  const inputEstimate = estimateTokens((system ?? "") + turns.map((t) => t.content).join(""));

  const description = context?.description ?? describeFirstMessage(input.content);
  const sessionId = context ? input.sessionId : newSessionId();
  const stored = await storeMessage(deps.db, {
    userId,
    session: context ? { existing: sessionId } : { create: sessionId, description },
    category: input.category,
    defaultCategory: DEFAULT_CATEGORY,
    content: input.content,
    modelId: input.modelId,
    promptId: input.promptId,
    budget: route.keySource === "platform" ? { wanted: inputEstimate + MAX_REPLY_TOKENS, minimum: inputEstimate + MIN_REPLY_TOKENS } : undefined,
    now: deps.now(),
  });
  const maxTokens = stored.reservation ? Math.max(MIN_REPLY_TOKENS, stored.reservation.reserved - inputEstimate) : MAX_REPLY_TOKENS;
  const prepared = { userId, route, turns, system, inputEstimate, maxTokens, description, created: !context, sessionId, ...stored };
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
    await finishExchange(deps.db, {
      userId: send.userId,
      sessionId,
      entryId: send.entryId,
      reply,
      status,
      error: failure?.kind ?? null,
      usage,
      model: { id: route.entry.id, service: route.entry.service, keySource: route.keySource },
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
