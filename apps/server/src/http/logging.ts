import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { statementName } from "@parley/db";

/** Log fields never written: credentials in headers and any secret-looking body field. */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.apiKey",
  "*.open_ai_key",
  "*.claude_api_key",
  "*.access_token",
  "*.refresh_token",
  "*.id_token",
];

/**
 * Paths whose query strings are never logged: the authorization code and state at /callback,
 * the provider's parameters under /oidc, and tRPC query input (which can be a user's text).
 */
const PRIVATE_QUERY = /^\/(callback|oidc|trpc)(\/|\?|$)/;

/**
 * Path segments that are secrets (whoever has the link gets in): public links /p/{token} and
 * /s/{token} with their previews and JSON rows, and the sign-in provider's interaction and
 * resume ids. Matched on the raw path, so a mistyped path under them is redacted too.
 */
const TOKEN_PATHS = /^(\/(?:p|s|api\/v1\/public\/(?:post|chat)|oidc\/(?:interaction|auth|reset|verify))\/)[^/?]+/;
/** A route parameter by one of these names is a secret wherever a route declares it. */
const SECRET_PARAMS = /^(token|uid|code|secret)$/i;
const REDACTED = "[redacted]";

/** The path and query as logged: token segments and private query strings replaced. */
export function loggedUrl(request: FastifyRequest): string {
  const url = request.url ?? "";
  const query = url.indexOf("?");
  let path = query >= 0 ? url.slice(0, query) : url;
  path = path.replace(TOKEN_PATHS, `$1${REDACTED}`);
  const params = request.params as Record<string, unknown> | undefined;
  if (params && typeof params === "object") {
    for (const [name, value] of Object.entries(params)) {
      if (SECRET_PARAMS.test(name) && typeof value === "string" && value !== "") path = path.split(value).join(REDACTED);
    }
  }
  if (query < 0) return path;
  return PRIVATE_QUERY.test(url) ? `${path}?${REDACTED}` : `${path}?${loggedQuery(url.slice(query + 1))}`;
}

/**
 * Query parameters whose values are the client's settings rather than a person's words (page
 * sizes, cursors, formats, categories, ids): shown in the log. Any other parameter (search words,
 * a description) keeps its name and loses its value, as tRPC's input does.
 */
const SHOWN_QUERY_PARAMS = new Set([
  "limit",
  "cursor",
  "format",
  "category",
  "filter",
  "sort",
  "order",
  "period",
  "page",
  "offset",
  "kind",
  "shared",
  "jobId",
  "tab",
  "status",
  "version",
  "model",
  "model_id",
  "modelId",
  "sessionId",
  "session_id",
  "postId",
  "post_id",
  "promptId",
  "id",
  "answer",
  "type",
  "window",
]);
/** What a shown value may look like: a short token, never free text. */
const SHOWN_VALUE = /^[\w.:,~-]{0,200}$/;

/** The longest query string read for the log (a line is bounded anyway: boundLine); the rest is cut. */
const MAX_LOGGED_QUERY = 2000;

/**
 * A query string as logged: each parameter's name, and its value only when it is a setting. Split,
 * never matched as a whole, and read only up to MAX_LOGGED_QUERY characters, so a crafted query
 * of any length costs the same.
 */
function loggedQuery(query: string): string {
  const cut = query.length > MAX_LOGGED_QUERY;
  return (cut ? query.slice(0, MAX_LOGGED_QUERY) : query)
    .split("&")
    .map((part) => {
      const equals = part.indexOf("=");
      if (equals < 0) return part.length <= 100 && SHOWN_VALUE.test(part) ? part : REDACTED;
      const name = part.slice(0, equals);
      const value = part.slice(equals + 1);
      if (!SHOWN_VALUE.test(name)) return REDACTED;
      return SHOWN_QUERY_PARAMS.has(name) && SHOWN_VALUE.test(value) ? part : `${name}=${REDACTED}`;
    })
    .join("&")
    .concat(cut ? "&[cut]" : "");
}

/** The request as logged (Fastify's default fields), without secrets in the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Longest string kept in an error's fields (a database message, a stack). */
const MAX_ERROR_TEXT = 2000;
/** Causes followed from an error. */
const MAX_CAUSES = 5;
/**
 * An error's own fields that are never logged: a statement's parameters and text (the user's
 * words; the statement is logged by name instead) and PostgreSQL's detail/where, which quote
 * the row ("Failing row contains (...)").
 */
const PRIVATE_ERROR_FIELDS = new Set(["params", "parameters", "args", "query", "queryOptions", "detail", "where", "internalQuery", "internal_query", "types"]);

const bounded = (text: string, max = MAX_ERROR_TEXT) => (text.length > max ? `${text.slice(0, max)}… [${text.length - max} more characters]` : text);

/**
 * PostgreSQL's data errors (class 22) quote the value they could not take
 * (`invalid input syntax for type integer: "..."`): a parameter, so it is left out.
 */
function withoutQuotedValue(message: string, code: unknown): string {
  if (typeof code !== "string" || !code.startsWith("22")) return message;
  return message.replace(/:\s*"[\s\S]*$/, ": [value not logged]");
}

/**
 * An error as logged: type, message, stack and its own fields (a database error's code, table,
 * constraint), with the statement by name and never its parameters, and its causes likewise.
 * Drizzle's "Failed query: <sql> params: <values>" message becomes "Failed query: <name>".
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) && (typeof error !== "object" || error === null)) return error;
  const source = error as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: source.constructor?.name ?? "Error" };
  const query = typeof source.query === "string" ? source.query : undefined;
  const statement = typeof source.statement === "string" ? source.statement : query !== undefined ? statementName(query) : undefined;
  const message = typeof source.message === "string" ? source.message : String(error);
  const safe = query !== undefined && message.startsWith("Failed query:") ? `Failed query: ${statement}` : withoutQuotedValue(message, source.code);
  out.message = bounded(safe);
  if (statement !== undefined) out.statement = statement;
  if (typeof source.stack === "string") out.stack = bounded(safe === message ? source.stack : source.stack.replace(message, safe));
  for (const [key, value] of Object.entries(source)) {
    if (key === "cause" || key === "statement" || PRIVATE_ERROR_FIELDS.has(key) || key in out) continue;
    if (typeof value === "string") out[key] = bounded(value, 500);
    else if (typeof value === "number" || typeof value === "boolean" || value === null) out[key] = value;
  }
  if (source.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(source.cause, depth + 1);
  return out;
}

/** The longest log line written, in characters; a longer one is cut down (see boundLine). */
export const MAX_LOG_LINE = 16 * 1024;
const CUT_STRING = 1000;
const CUT_ARRAY = 20;

function shorten(value: unknown, depth: number): unknown {
  if (typeof value === "string") return bounded(value, CUT_STRING);
  if (typeof value !== "object" || value === null) return value;
  if (depth > 6) return "[cut]";
  if (Array.isArray(value)) return value.slice(0, CUT_ARRAY).map((item) => shorten(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shorten(item, depth + 1)]));
}

const KEPT_WHEN_CUT = ["level", "time", "pid", "hostname", "reqId", "msg"];

/**
 * Keeps every log line under MAX_LOG_LINE: a longer line (a handler logging a body, an error
 * quoting a huge value) is written again with long strings and arrays cut and `truncated: true`,
 * or, if still too long, with only its level, time, request id and message. Still one JSON line.
 */
export function boundLine(line: string): string {
  if (line.length <= MAX_LOG_LINE) return line;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return `${JSON.stringify({ msg: "a log line that was not JSON was cut", truncated: true, start: line.slice(0, CUT_STRING) })}\n`;
  }
  const cut = JSON.stringify({ ...(shorten(parsed, 0) as Record<string, unknown>), truncated: true });
  if (cut.length < MAX_LOG_LINE) return `${cut}\n`;
  const kept = Object.fromEntries(KEPT_WHEN_CUT.filter((key) => key in parsed).map((key) => [key, shorten(parsed[key], 0)]));
  return `${JSON.stringify({ ...kept, truncated: true })}\n`;
}

/**
 * Logger options as given, with what keeps secrets and user text out of every line: the request
 * and error serializers, and the bound on a line's length.
 */
export function withLogSafety(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (typeof logger !== "object" || logger === null) return logger;
  return {
    ...logger,
    serializers: { ...logger.serializers, req: serializeRequest, err: serializeError },
    hooks: { ...(logger as { hooks?: object }).hooks, streamWrite: boundLine },
  } as FastifyServerOptions["logger"];
}
