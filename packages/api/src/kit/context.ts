import { STORAGE_QUOTA } from "@parley/contracts";
import type { Database } from "@parley/db";
import { unconfiguredKeyVault, type KeyVault } from "@parley/keys";
import { NO_ADMINS, type AdminRule } from "./admin-rule";
import type { AuthIdentity } from "./identity";
import type { Logger } from "./logger";
import {
  NO_VISITOR,
  PROVIDER_VERIFIES,
  type Accounts,
  type Billing,
  type ColumnStopper,
  type EmailVerification,
  type ModelGateway,
  type ReplyMetrics,
  type Visitor,
} from "./ports";
import { noRateLimits, type RateLimiter } from "./rate-limits";

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
  stops: ColumnStopper;
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
  /** How the guards (loadUser, loadViewer) find the caller's account. */
  accounts: Accounts;
  /** The caller's browser: its address and cookies (public links' unlocks and view counts). */
  visitor: Visitor;
  /** Which comparison votes count beyond being cast blind (VOTE_DAILY_CAP, VOTE_MIN_ACCOUNT_AGE_HOURS). */
  voteRules: VoteRules;
  /** How an address gets verified: a link the embedded sign-in makes, or the external provider's own way. */
  verification: EmailVerification;
};

/** The settings of which votes the board counts (docs/leaderboard.md, 'What is counted'); 0 turns each off. */
export type VoteRules = {
  /** Votes of one person that count per UTC day, the first cast (VOTE_DAILY_CAP). */
  dailyCap: number;
  /** Hours after an account is made before its votes count; they wait until then (VOTE_MIN_ACCOUNT_AGE_HOURS). */
  minAccountAgeHours: number;
};

/** Without VOTE_DAILY_CAP and VOTE_MIN_ACCOUNT_AGE_HOURS. */
export const DEFAULT_VOTE_RULES: VoteRules = { dailyCap: 50, minAccountAgeHours: 24 };

export type CreateContextInnerOptions = Pick<Context, "db" | "auth"> & Partial<Omit<Context, "db" | "auth">>;

/** The ports whose implementations live above the kit: root/index.ts fills them in when the host gives none. */
export type ContextDefaults = Pick<Context, "models" | "stops" | "accounts">;

const currentTime = () => new Date();

const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** The pure part of context creation, given the defaults of the ports above the kit (see root/index.ts's createContextInner). */
export function createContextWith(defaults: ContextDefaults, options: CreateContextInnerOptions): Context {
  // Every field named, in one order, in one object literal: each request's context has the same
  // shape and is built in one go. (Built key by key from a list of fields, with the host's options
  // spread in, a REST request cost about 60 % more CPU: docs/performance.md, HTTP.)
  return {
    db: options.db,
    auth: options.auth,
    log: options.log ?? silentLogger,
    now: options.now ?? currentTime,
    keys: options.keys ?? unconfiguredKeyVault,
    models: options.models ?? defaults.models,
    billing: options.billing ?? null,
    limiter: options.limiter ?? noRateLimits,
    storageQuotaBytes: options.storageQuotaBytes ?? STORAGE_QUOTA.defaultMegabytes * 1024 * 1024,
    stops: options.stops ?? defaults.stops,
    shutdown: options.shutdown,
    metrics: options.metrics,
    admins: options.admins ?? NO_ADMINS,
    instance: options.instance ?? null,
    accounts: options.accounts ?? defaults.accounts,
    visitor: options.visitor ?? NO_VISITOR,
    voteRules: options.voteRules ?? DEFAULT_VOTE_RULES,
    verification: options.verification ?? PROVIDER_VERIFIES,
  };
}
