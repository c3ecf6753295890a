import { NO_ANSWER_CODE } from "./pg-socket";

/** Node's network errors: the server cannot be reached or the connection broke (on a query's error). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
/** postgres.js's own connection errors, and a connection closed for not answering (pg-socket.ts). */
const CLIENT_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", NO_ANSWER_CODE]);
/**
 * PostgreSQL's SQLSTATEs for a server going away or refusing work for now: class 08 (connection
 * exception), 57P01-57P03 (shutting down, starting up), 57014 (statement time-out), 53300 (too many
 * connections).
 */
const SERVER_STATES = /^(08...|57P0[123]|57014|53300)$/;

/**
 * Whether an error means the database cannot be used right now (unreachable, gone, too slow),
 * rather than a fault in the query or the data. Looks through wrapped errors (Drizzle's query
 * errors, `cause` chains). The one place that knows these codes; API errors map it to 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Network codes count only on a query's error (postgres.js and Drizzle attach the query), not
  // on, say, a failed call to an identity provider.
  let fromQuery = false;
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    fromQuery ||= "query" in current;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && ((fromQuery && NETWORK_CODES.has(code)) || CLIENT_CODES.has(code) || SERVER_STATES.test(code))) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
