import type { FastifyRequest } from "fastify";
import {
  createContextInner,
  type AdminRule,
  type Billing,
  type ColumnStops,
  type Context,
  type EmailVerification,
  type ModelGateway,
  type RateLimiter,
  type ReplyMetrics,
  type VoteRules,
} from "@parley/api";
import type { KeyVault } from "@parley/keys";
import type { Database } from "@parley/db";
import type { Authenticator } from "../auth/authenticator";
import { visitorOf } from "./visitor";

export type ContextDeps = {
  db: Database;
  authenticator: Authenticator;
  keys?: KeyVault;
  models?: ModelGateway;
  billing: Billing | null;
  limiter?: RateLimiter;
  /** Bytes of conversation text an account may hold (STORAGE_QUOTA_MB). */
  storageQuotaBytes?: number;
  /** Ends one comparison column on its own, on whichever instance it streams. */
  stops?: ColumnStops;
  /** Aborted when the server stops after its grace period. */
  shutdown?: AbortSignal;
  /** Measures model replies for /metrics. */
  metrics?: ReplyMetrics;
  /** Who may use the admin procedures. */
  admins?: AdminRule;
  /** This server's lease id on a shared database, named by the reservations its replies hold. */
  instance?: string | null;
  /** Which comparison votes count (VOTE_DAILY_CAP, VOTE_MIN_ACCOUNT_AGE_HOURS). */
  voteRules?: VoteRules;
  /** The requests' clock; the real time when not given (tests pin it). */
  now?: () => Date;
  /** How addresses get verified: the embedded sign-in's links, or the external provider. */
  verification?: EmailVerification;
};

/**
 * Adapts a Fastify request to the procedures' context (shared by tRPC and REST). A request
 * without `Authorization` is anonymous for every authenticator (see Authenticator), so its
 * context is made at once, with no promise to wait on; only a token is checked asynchronously.
 */
export function createRequestContext(deps: ContextDeps, request: FastifyRequest): Context | Promise<Context> {
  const header = request.headers.authorization;
  if (header === undefined) return contextOf(deps, request, null);
  return deps.authenticator.authenticate(header).then((auth) => contextOf(deps, request, auth));
}

function contextOf(deps: ContextDeps, request: FastifyRequest, auth: Context["auth"]): Context {
  return createContextInner({
    db: deps.db,
    auth,
    log: request.log,
    keys: deps.keys,
    models: deps.models,
    billing: deps.billing,
    limiter: deps.limiter,
    storageQuotaBytes: deps.storageQuotaBytes,
    stops: deps.stops,
    shutdown: deps.shutdown,
    metrics: deps.metrics,
    admins: deps.admins,
    instance: deps.instance,
    visitor: visitorOf(request),
    voteRules: deps.voteRules,
    now: deps.now,
    verification: deps.verification,
  });
}
