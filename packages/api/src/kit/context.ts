import { STORAGE_QUOTA } from "@parley/contracts";
import type { Database } from "@parley/db";
import { unconfiguredKeyVault, type KeyVault } from "@parley/keys";
import { NO_ADMINS, type AdminRule } from "./admin-rule";
import { emptyModelGateway, type ModelGateway } from "../conversation/chat/model-gateway";
import type { ReplyMetrics } from "../conversation/chat/reply-metrics";
import { columnStops, type ColumnStops } from "../conversation/chat/compare/stops";
import { noRateLimits, type RateLimiter } from "./rate-limits";
import type { Billing } from "../account/subscription/billing";
import type { AuthIdentity } from "./identity";
import type { Logger } from "./logger";

/** Everything a procedure may use. Built by the host per request; tests build it directly. */
export type Context = {
  db: Database;
  auth: AuthIdentity | null;
  log: Logger;
  now: () => Date;
  /** Seals and opens users' provider keys (AES-256-GCM under ENCRYPTION_KEY). */
  keys: KeyVault;
  /** The model catalogue: what a user may pick and how each model is reached. */
  models: ModelGateway;
  /** Stripe, when payments are configured. */
  billing: Billing | null;
  /** Per-person limits on sends, comments, likes and posts. */
  limiter: RateLimiter;
  /** Bytes of conversation text an account may hold (STORAGE_QUOTA_MB); imports beyond it are refused. */
  storageQuotaBytes: number;
  /** Ends one comparison column on its own, wherever it streams (in this process, or through the host's channel). */
  stops: ColumnStops;
  /** Aborted when the server stops after its grace period: streaming replies end, keeping what arrived. */
  shutdown?: AbortSignal;
  /** Measures model replies for the host's metrics. */
  metrics?: ReplyMetrics;
  /** Who may use the admin procedures (ADMIN_EMAILS or the configured claim). */
  admins: AdminRule;
  /**
   * This server's lease id on a shared PostgreSQL database (null on the embedded one): the
   * reservations of its replies name it, so another instance settles them if it stops.
   */
  instance: string | null;
};

export type CreateContextInnerOptions = Pick<Context, "db" | "auth"> & Partial<Omit<Context, "db" | "auth">>;

const currentTime = () => new Date();

const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** The pure part of context creation: what tests call with a PGlite database and a fake identity. */
export function createContextInner(options: CreateContextInnerOptions): Context {
  // Every field named, in one order: each request's context has the same shape.
  return {
    db: options.db,
    auth: options.auth,
    log: options.log ?? silentLogger,
    now: options.now ?? currentTime,
    keys: options.keys ?? unconfiguredKeyVault,
    models: options.models ?? emptyModelGateway,
    billing: options.billing ?? null,
    limiter: options.limiter ?? noRateLimits,
    storageQuotaBytes: options.storageQuotaBytes ?? STORAGE_QUOTA.defaultMegabytes * 1024 * 1024,
    stops: options.stops ?? columnStops,
    shutdown: options.shutdown,
    metrics: options.metrics,
    admins: options.admins ?? NO_ADMINS,
    instance: options.instance ?? null,
  };
}
