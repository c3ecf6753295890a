import type { ModelRoute } from "@parley/ai";
import { MESSAGES } from "@parley/contracts";
import type { AuthIdentity } from "../../../kit/identity";
import { AppError } from "../../../kit/errors";
import { columnRoute, newMessageRequest, preparedSend, streamReply, whenAllowanceFrees, type SendDeps, type SendEvent } from "../send";
import { finishExchange } from "../../exchange/settle";
import { modelUnavailableMessage, storeExchange, type StoredColumn, type StoredExchange } from "../../exchange/store";
import type { ColumnStopper } from "../../../kit/ports";

export type CompareInput = {
  content: string;
  modelIds: string[];
  promptId: number | null;
  sessionId: number;
  category: string | null;
};

/** What a comparison uses: a send's, and the stops that end one column on its own. */
export type CompareDeps = SendDeps & { stops: ColumnStopper };

type Usage = { input_tokens: number; output_tokens: number; charged_tokens: number };

/**
 * What a comparison streams: the session and its columns first, then each column's text and
 * exactly one `done`, `error` or `stopped` per column (in any order across columns), then `end`.
 */
export type CompareEvent =
  | {
      type: "session";
      session_id: number;
      description: string;
      created: boolean;
      columns: { column: number; model_id: string; entry_id: number }[];
    }
  | { type: "text"; column: number; text: string }
  | { type: "done"; column: number; session_id: number; message_response: string; usage: Usage }
  | { type: "error"; column: number; session_id: number; message: string; detail: string; partial_response: string }
  | { type: "stopped"; column: number; session_id: number; partial_response: string }
  | { type: "end"; session_id: number };

/**
 * Sends one message to 2-4 models at once. Everything that can refuse the comparison (account,
 * models, prompt, ownership, allowance for every column) is checked, and the message stored as
 * one exchange per column, before any model is asked; then the columns stream in parallel. A
 * column that fails or is stopped ends alone; the others go on. `signal` stops every column.
 */
export async function startCompare(deps: CompareDeps, identity: AuthIdentity, input: CompareInput, signal?: AbortSignal): Promise<AsyncGenerator<CompareEvent>> {
  const columns = input.modelIds.map((modelId) => {
    const policy = deps.models.keyPolicy(modelId);
    if (!policy) throw new AppError("BAD_REQUEST", modelUnavailableMessage(modelId));
    return { modelId, policy };
  });
  const { created, request } = newMessageRequest(deps, identity, "comparison", columns, input);
  const prepared = await whenAllowanceFrees(deps, () => storeExchange(deps.db, request()), signal);
  return streamColumns(deps, prepared, input.content, created !== null, signal);
}

/** Streams a stored comparison's columns in parallel (startCompare's stream; a battle's too). */
export async function* streamColumns(deps: CompareDeps, prepared: StoredExchange, content: string, created: boolean, signal?: AbortSignal): AsyncGenerator<CompareEvent> {
  const { sessionId } = prepared;
  const everything = new AbortController();
  const stopAll = () => everything.abort();
  signal?.addEventListener("abort", stopAll, { once: true });
  const queue: CompareEvent[] = [];
  let wake: (() => void) | undefined;
  const push = (event: CompareEvent) => {
    queue.push(event);
    wake?.();
  };
  const stops = prepared.columns.map((c) => deps.stops.add({ userId: prepared.userId, sessionId, column: c.column }));
  // Every column is asked at once; its events are tagged with the column as they arrive.
  const pumps = prepared.columns.map(async (column, i) => {
    const stop = stops[i]!;
    const columnSignal = AbortSignal.any([everything.signal, stop.signal]);
    try {
      for await (const event of columnReply(deps, prepared, column, content, columnSignal)) {
        if (event.type === "text") push({ type: "text", column: column.column, text: event.text });
        else if (event.type === "done") push({ ...event, column: column.column });
        else if (event.type === "error") {
          push(
            columnSignal.aborted
              ? { type: "stopped", column: column.column, session_id: sessionId, partial_response: event.partial_response }
              : { ...event, column: column.column },
          );
        }
      }
    } catch (error) {
      deps.log.error({ err: error, sessionId, column: column.column }, "comparison column failed");
      push({ type: "error", column: column.column, session_id: sessionId, message: MESSAGES.sendFailed, detail: "", partial_response: "" });
    } finally {
      stop.release();
    }
  });
  let running = pumps.length;
  const settled = Promise.all(pumps.map((p) => p.finally(() => running--)));
  try {
    yield {
      type: "session",
      session_id: sessionId,
      description: prepared.description,
      created,
      columns: prepared.columns.map((c) => ({ column: c.column, model_id: c.modelId, entry_id: c.entryId })),
    };
    for (;;) {
      const event = queue.shift();
      if (event) {
        yield event;
        continue;
      }
      if (running === 0) break;
      await Promise.race([new Promise<void>((resolve) => (wake = resolve)), settled]);
      wake = undefined;
    }
    yield { type: "end", session_id: sessionId };
  } finally {
    // A consumer that goes away stops every column; each stores what arrived before this ends.
    if (running > 0) stopAll();
    await settled;
    signal?.removeEventListener("abort", stopAll);
  }
}

/** One column's reply, streamed and stored as a single send's reply is. */
function columnReply(deps: SendDeps, prepared: StoredExchange, column: StoredColumn, content: string, signal: AbortSignal): AsyncGenerator<SendEvent> {
  let route: ModelRoute | null = null;
  try {
    route = columnRoute(deps, prepared, column);
  } catch (error) {
    deps.log.warn({ err: error, sessionId: prepared.sessionId, column: column.column }, "comparison column key could not be opened");
  }
  if (!route) return unavailableColumn(deps, prepared, column);
  return streamReply(deps, preparedSend(prepared, column, route, content, false), signal);
}

/** A column whose model cannot be reached (a stored key this server can no longer open): its exchange ends as an error, uncharged. */
async function* unavailableColumn(deps: SendDeps, prepared: StoredExchange, column: StoredColumn): AsyncGenerator<SendEvent> {
  await finishExchange(deps.db, {
    userId: prepared.userId,
    sessionId: prepared.sessionId,
    entryId: column.entryId,
    reply: "",
    status: "error",
    error: "unavailable",
    usage: { inputTokens: 0, outputTokens: 0 },
    model: { id: column.modelId, service: deps.models.keyPolicy(column.modelId)?.service ?? "", payer: column.payer },
    charged: 0,
    reservation: column.reservation,
    now: deps.now(),
  });
  yield { type: "error", session_id: prepared.sessionId, message: MESSAGES.sendFailed, detail: modelUnavailableMessage(column.modelId), partial_response: "" };
}
