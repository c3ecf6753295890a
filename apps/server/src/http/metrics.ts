import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { TRPCError } from "@trpc/server";
import { AppError, appRouter, ERROR_KINDS, type ReplyMetrics } from "@parley/api";
import type { DbHandle } from "@parley/db";
import { sql } from "drizzle-orm";
import { KeyedHistogram } from "./keyed-histogram";

/** Seconds: from a few milliseconds (a cached read) to the longest model reply. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const FIRST_TOKEN_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30];
const REPLY_BUCKETS = [0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600];
const DB_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2];
/** Longest a scrape waits for the database's own figures. */
const DB_SCRAPE_TIMEOUT_MS = 1000;

/** A status's class label (`2xx`...), by its first digit. */
const STATUS_CLASSES = ["0xx", "1xx", "2xx", "3xx", "4xx", "5xx"];
const statusClass = (status: number) => STATUS_CLASSES[Math.floor(status / 100)] ?? `${Math.floor(status / 100)}xx`;

/** The error code of an HTTP status without an AppError behind it, named as tRPC names them. */
const STATUS_CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  412: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
};

/** tRPC procedure names are a fixed set, so they may label a route; anything else may not. */
const PROCEDURES = new Set(Object.keys(appRouter._def.procedures));

export type AppMetrics = ReturnType<typeof createMetrics>;

/**
 * Node's own figures (CPU, memory, event loop, GC) belong to the process, not to an app: they are
 * collected once per process, in a registry every app's /metrics appends.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * One registry per app (tests build several apps in one process): HTTP requests by route
 * pattern, errors by code, model replies and the database.
 */
export function createMetrics(db: Pick<DbHandle, "kind" | "db" | "ping">) {
  const registry = new Registry();
  const nodeRegistry = processMetrics();
  const requests = new KeyedHistogram({
    name: "parley_http_request_duration_seconds",
    help: "HTTP requests by method, route pattern and status class (2xx...5xx); its _count is the request count.",
    labelNames: ["method", "route", "status_class"],
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: "parley_errors_total",
    help: "Requests that ended in an error, by error code (the AppError/tRPC code) and HTTP status.",
    labelNames: ["code", "status"],
    registers: [registry],
  });
  const firstToken = new Histogram({
    name: "parley_model_time_to_first_token_seconds",
    help: "From asking the model to its first text, by model and service.",
    labelNames: ["model", "service"],
    buckets: FIRST_TOKEN_BUCKETS,
    registers: [registry],
  });
  const replyDuration = new Histogram({
    name: "parley_model_reply_duration_seconds",
    help: "From asking the model to the end of its reply, by model, service and outcome (complete, error, stopped).",
    labelNames: ["model", "service", "status"],
    buckets: REPLY_BUCKETS,
    registers: [registry],
  });
  const tokens = new Counter({
    name: "parley_model_tokens_total",
    help: "Tokens of model replies by model, service and direction (input, output).",
    labelNames: ["model", "service", "direction"],
    registers: [registry],
  });
  const activeStreams = new Gauge({
    name: "parley_active_streams",
    help: "Model replies streaming right now.",
    registers: [registry],
  });
  const dbUp = new Gauge({
    name: "parley_db_up",
    help: "1 when the database answered the scrape's query, else 0.",
    labelNames: ["engine"],
    registers: [registry],
  });
  const dbRoundTrip = new Histogram({
    name: "parley_db_query_duration_seconds",
    help: "Round trip of the database query each scrape makes (select 1 on the embedded engine, pg_stat_activity on PostgreSQL).",
    labelNames: ["engine"],
    buckets: DB_BUCKETS,
    registers: [registry],
  });
  const dbConnections = new Gauge({
    name: "parley_db_connections",
    help: "PostgreSQL only: connections to this database by state (active = running a query), from pg_stat_activity; all instances together.",
    labelNames: ["state"],
    registers: [registry],
  });

  const errorCodes = new WeakMap<FastifyRequest, string>();
  const replies: ReplyMetrics = {
    replyStarted: (model) => {
      const labels = { model: model.id, service: model.service };
      const started = process.hrtime.bigint();
      const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
      let sawText = false;
      let ended = false;
      activeStreams.inc();
      return {
        firstToken: () => {
          if (sawText) return;
          sawText = true;
          firstToken.observe(labels, seconds());
        },
        finished: ({ status, inputTokens, outputTokens }) => {
          if (ended) return;
          ended = true;
          activeStreams.dec();
          replyDuration.observe({ ...labels, status }, seconds());
          tokens.inc({ ...labels, direction: "input" }, inputTokens);
          tokens.inc({ ...labels, direction: "output" }, outputTokens);
        },
      };
    },
  };

  /** Measured when scraped: whether the database answers, how fast, and its connections. */
  async function scrapeDatabase() {
    const engine = db.kind;
    const started = process.hrtime.bigint();
    try {
      if (engine === "postgres") {
        const rows = await withTimeout(
          db.db.execute(
            sql`select coalesce(state, 'unknown') as state, count(*)::int as count from pg_stat_activity where datname = current_database() group by 1`,
          ),
          DB_SCRAPE_TIMEOUT_MS,
        );
        dbConnections.reset();
        for (const row of rowsOf(rows)) dbConnections.set({ state: String(row.state) }, Number(row.count));
      } else {
        await withTimeout(db.ping(), DB_SCRAPE_TIMEOUT_MS);
      }
      dbRoundTrip.observe({ engine }, Number(process.hrtime.bigint() - started) / 1e9);
      dbUp.set({ engine }, 1);
    } catch {
      dbUp.set({ engine }, 0);
    }
  }

  return {
    registry,
    replies,
    /** Records every request; call before routes are registered. */
    register(app: FastifyInstance, access: { token: string | undefined; trustProxy: boolean }) {
      // Callback hooks (no promise per request); Fastify times each request itself (elapsedTime, ms).
      app.addHook("onError", (request, _reply, error, done) => {
        if (error instanceof AppError) errorCodes.set(request, ERROR_KINDS[error.kind]);
        done();
      });
      app.addHook("onResponse", (request, reply, done) => {
        const status = reply.statusCode;
        requests.observe([request.method, routeOf(request), statusClass(status)], reply.elapsedTime / 1000);
        if (status >= 400) errors.inc({ code: errorCodes.get(request) ?? STATUS_CODES[status] ?? `HTTP_${status}`, status: String(status) });
        done();
      });
      app.get("/metrics", async (request, reply) => {
        if (!allowed(request, access)) return reply.callNotFound();
        await scrapeDatabase();
        return sendMetrics(reply, [registry, nodeRegistry]);
      });
    },
    /** Notes a tRPC error's code (the first of a batch), so errors are counted by code as on REST. */
    noteError(request: FastifyRequest, error: TRPCError) {
      if (!errorCodes.has(request)) errorCodes.set(request, error.code);
    },
  };
}

async function sendMetrics(reply: FastifyReply, registries: Registry[]) {
  const bodies = await Promise.all(registries.map((r) => r.metrics()));
  return reply.header("Cache-Control", "no-store").type(Registry.PROMETHEUS_CONTENT_TYPE).send(bodies.join(""));
}

/**
 * Who may read /metrics: this machine always (the client address, which honours TRUST_PROXY, is
 * loopback); anyone else only with `Authorization: Bearer <METRICS_TOKEN>`. Everyone else gets
 * the same 404 as an unknown path, so the endpoint is not advertised. A request forwarded by a
 * proxy Parley does not trust comes from loopback on behalf of someone unknown, so it is not
 * "this machine".
 */
function allowed(request: FastifyRequest, access: { token: string | undefined; trustProxy: boolean }): boolean {
  const forwarded = ["x-forwarded-for", "forwarded", "x-real-ip"].some((name) => request.headers[name] !== undefined);
  if (isLoopback(request.ip) && (access.trustProxy || !forwarded)) return true;
  const token = access.token;
  if (!token) return false;
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? "");
  if (!match) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

function isLoopback(ip: string): boolean {
  return ip === "::1" || /^(::ffff:)?127\./.test(ip);
}

/**
 * The route pattern a request matched, never its raw URL (ids would make a label per object).
 * A tRPC call of one known procedure is named after it; batches and unknown names share the pattern.
 */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return "unmatched";
  if (pattern.startsWith("/trpc/")) {
    const path = (request.params as { path?: string } | undefined)?.path;
    if (path && PROCEDURES.has(path)) return `/trpc/${path}`;
  }
  return pattern;
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(result)) return result as Array<Record<string, unknown>>;
  return (result as { rows?: Array<Record<string, unknown>> }).rows ?? [];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
