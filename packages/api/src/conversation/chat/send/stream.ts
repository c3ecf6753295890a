import { estimateTokens, ProviderError, type ChatTurn, type ModelRoute } from "@parley/ai";
import { MESSAGES } from "@parley/contracts";
import type { Database } from "@parley/db";
import type { KeyVault } from "@parley/keys";
import type { Logger } from "../../../kit/logger";
import type { ColumnStopper, ModelGateway, ReplyMetrics } from "../../../kit/ports";
import { finishExchange } from "../../exchange/settle";
import { modelUnavailableMessage, type StoredColumn, type StoredExchange } from "../../exchange/store";
import type { ColumnEvent, ExchangeEvent } from "./events";
import { REPLY_TIMEOUT_MS } from "./interrupted";

export type SendDeps = {
  db: Database;
  models: ModelGateway;
  keys: KeyVault;
  log: Logger;
  now: () => Date;
  /** What ends one comparison column on its own, wherever it streams. */
  stops: ColumnStopper;
  metrics?: ReplyMetrics;
  /** The server's lease id, named by the reservations of its replies (see settleInterruptedReplies). */
  instance?: string | null;
};

/** A stored column and how its model is reached (null: it cannot be, and the column ends as an error). */
export type RoutedColumn = { column: StoredColumn; route: ModelRoute | null };

/**
 * Streams a stored exchange's columns in parallel (a chat's one, a comparison's or a battle's
 * several): the session first, then every column's events tagged with the column as they arrive,
 * then `end`. A column that fails or is stopped ends alone; the others go on. `signal` stops
 * every column; with `stoppable`, each column is also registered with the stops
 * (stopCompareColumn). A consumer that goes away stops every column, and each stores what arrived.
 */
export async function* streamColumns(
  deps: SendDeps,
  stored: StoredExchange,
  columns: RoutedColumn[],
  content: string,
  options: { created: boolean; stoppable: boolean },
  signal?: AbortSignal,
): AsyncGenerator<ExchangeEvent> {
  const { sessionId } = stored;
  const everything = new AbortController();
  const stopAll = () => everything.abort();
  signal?.addEventListener("abort", stopAll, { once: true });
  const queue: ExchangeEvent[] = [];
  let wake: (() => void) | undefined;
  const push = (event: ExchangeEvent) => {
    queue.push(event);
    wake?.();
  };
  const pumps = columns.map(async ({ column, route }) => {
    const stop = options.stoppable ? deps.stops.add({ userId: stored.userId, sessionId, column: column.column }) : null;
    const columnSignal = stop ? AbortSignal.any([everything.signal, stop.signal]) : everything.signal;
    try {
      const reply = route ? streamReply(deps, stored, column, route, content, columnSignal) : unavailableColumn(deps, stored, column);
      for await (const event of reply) {
        push(
          event.type === "error" && columnSignal.aborted
            ? { type: "stopped", column: column.column, session_id: sessionId, partial_response: event.partial_response }
            : event,
        );
      }
    } catch (error) {
      deps.log.error({ err: error, sessionId, column: column.column }, "exchange column failed");
      push({ type: "error", column: column.column, session_id: sessionId, message: MESSAGES.sendFailed, detail: "", partial_response: "" });
    } finally {
      stop?.release();
    }
  });
  let running = pumps.length;
  const settled = Promise.all(pumps.map((p) => p.finally(() => running--)));
  try {
    yield {
      type: "session",
      session_id: sessionId,
      description: stored.description,
      created: options.created,
      columns: stored.columns.map((c) => ({ column: c.column, model_id: c.modelId, entry_id: c.entryId })),
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
    if (running > 0) stopAll();
    await settled;
    signal?.removeEventListener("abort", stopAll);
  }
}

/**
 * Streams one column's reply from its model and stores it. A provider failure, a time-out or a
 * stop loses nothing: the exchange keeps what arrived with an error or 'stopped' status. Its
 * usage is recorded and, when the platform pays, charged to what the store reserved.
 */
async function* streamReply(
  deps: SendDeps,
  stored: StoredExchange,
  column: StoredColumn,
  route: ModelRoute,
  content: string,
  signal: AbortSignal,
): AsyncGenerator<ColumnEvent> {
  const { sessionId } = stored;
  const { reservation } = column;
  // Past the reply time-out the reply is cut off, so an exchange pending longer has lost its server.
  const deadline = AbortSignal.timeout(REPLY_TIMEOUT_MS);
  const turns: ChatTurn[] = [
    ...column.history.flatMap((e): ChatTurn[] => [
      { role: "user", content: e.message },
      { role: "assistant", content: e.response },
    ]),
    { role: "user", content },
  ];
  const request = {
    model: route.entry.version,
    messages: turns,
    system: stored.system,
    maxTokens: column.maxTokens,
    signal: AbortSignal.any([signal, deadline]),
  };
  // The model is asked as the pump starts, before the session event goes out, so the two overlap.
  const upstream = route.provider.stream(request)[Symbol.asyncIterator]();
  const observed = deps.metrics?.replyStarted({ id: route.entry.id, service: route.entry.service });

  let reply = "";
  let usage = { inputTokens: 0, outputTokens: 0 };
  let failure: ProviderError | undefined;
  let finished = false;
  let charged: number;
  try {
    for (let next = await upstream.next(); !next.done; next = await upstream.next()) {
      const event = next.value;
      if (event.type === "text") {
        reply += event.text;
        observed?.firstToken();
        yield { type: "text", column: column.column, text: event.text };
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
    if (!finished && usage.outputTokens === 0) usage = { inputTokens: column.inputEstimate, outputTokens: estimateTokens(reply) };
    const status = finished ? "complete" : failure && failure.kind !== "aborted" ? "error" : "stopped";
    observed?.finished({ status, ...usage });
    charged = reservation ? Math.min(usage.inputTokens + usage.outputTokens, reservation.reserved) : 0;
    await finishExchange(deps.db, {
      userId: stored.userId,
      sessionId,
      entryId: column.entryId,
      reply,
      status,
      error: failure?.kind ?? null,
      usage,
      model: { id: route.entry.id, service: route.entry.service, payer: column.payer },
      charged,
      reservation,
      now: deps.now(),
    });
  }
  if (failure) {
    deps.log.warn({ sessionId, model: route.entry.id, kind: failure.kind, status: failure.status, code: failure.code }, "model reply failed");
    yield { type: "error", session_id: sessionId, message: MESSAGES.sendFailed, detail: failure.message, partial_response: reply, column: column.column };
    return;
  }
  yield {
    type: "done",
    session_id: sessionId,
    message_response: reply,
    usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens, charged_tokens: charged },
    column: column.column,
  };
}

/** A column whose model cannot be reached (a stored key this server can no longer open): its exchange ends as an error, uncharged. */
async function* unavailableColumn(deps: SendDeps, stored: StoredExchange, column: StoredColumn): AsyncGenerator<ColumnEvent> {
  await finishExchange(deps.db, {
    userId: stored.userId,
    sessionId: stored.sessionId,
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
  yield {
    type: "error",
    session_id: stored.sessionId,
    message: MESSAGES.sendFailed,
    detail: modelUnavailableMessage(column.modelId),
    partial_response: "",
    column: column.column,
  };
}
