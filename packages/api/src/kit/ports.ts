// The ports the context carries: what a procedure may ask of the host and of the layers above the
// kit, as types only. root/index.ts fills in the defaults (createContextInner); the server passes its own.
import type { CatalogueEntry, KeyPolicy, ModelRoute, UserKeys } from "@parley/ai";
import type { Executor, users } from "@parley/db";
import type Stripe from "stripe";
import type { AuthIdentity } from "./identity";

/** The model catalogue as a conversation sees it: what a user may pick, and how to reach it. */
export type ModelGateway = {
  /** Models offered to a user who has (or has not) stored their own OpenAI / Claude key. */
  listForUser: (ownKeys: { openai: boolean; anthropic: boolean }) => CatalogueEntry[];
  resolve: (modelId: string, keys: UserKeys) => ModelRoute | null;
  /** Which keys can pay for a model (null when it is not in the catalogue), before any key is read. */
  keyPolicy: (modelId: string) => KeyPolicy | null;
};

/**
 * What the host measures about model replies (time to first token, duration, tokens, replies in
 * flight). Optional: without it a send measures nothing.
 */
export type ReplyMetrics = {
  /** A reply starts streaming from `model` (catalogue id) of `service`. */
  replyStarted: (model: { id: string; service: string }) => ReplyObserver;
};

export type ReplyObserver = {
  /** Text arrived; only the first call of a reply counts. */
  firstToken: () => void;
  /** The reply ended (once): how, and the tokens it used. */
  finished: (outcome: { status: "complete" | "error" | "stopped"; inputTokens: number; outputTokens: number }) => void;
};

/** Which column of whose comparison: no one else can stop it. */
export type ColumnKey = { userId: string; sessionId: number; column: number };

/** Ends one comparison column on its own, wherever it streams (conversation/chat/compare/stops.ts). */
export type ColumnStopper = {
  /** Registers a column's reply streaming here: its signal aborts on a Stop; `release` when it ends. */
  add: (key: ColumnKey) => { signal: AbortSignal; release: () => void };
  /** Stops the column's replies streaming in this process now; true when there was one. */
  stopHere: (key: ColumnKey) => boolean;
  /** Asks every other instance to stop the column. */
  broadcast: (key: ColumnKey) => Promise<void>;
};

/** Stripe and the two plan prices, as configured (STRIPE_* variables). */
export type Billing = {
  stripe: Stripe;
  prices: { basic: string; pro: string };
  /** Where Checkout and the portal send people back to (the app's public URL). */
  publicUrl: string;
};

/** A person's account row. */
export type AccountRow = typeof users.$inferSelect;

/** The caller's account as the guards of kit/trpc.ts load it (account/user/require-user.ts). */
export type Accounts = {
  /**
   * The caller's account, read afresh, for procedures that act on the caller's own data; marks
   * them seen. NOT_FOUND with a clear message when account setup has not run.
   */
  load: (ctx: { db: Executor; auth: AuthIdentity }, now: Date) => Promise<AccountRow>;
  /** The caller's account id, for reads of the caller's own view (remembered per process). */
  viewer: (ctx: { db: Executor; auth: AuthIdentity }, now: Date) => Promise<Pick<AccountRow, "id">>;
};

/**
 * The browser a request comes from, as public links see it: its address (for per-client limits,
 * never stored) and its cookies. The host implements it per request; without a host (tests of
 * procedures, server-side invokers) nobody has cookies.
 */
export type Visitor = {
  address: string;
  /** The browser's User-Agent header ("" without one): with the address, what tells apart clients that keep no cookie. */
  userAgent: string;
  cookie: (name: string) => string | undefined;
  /** A session cookie (no expiry: it ends with the browser session), HttpOnly, SameSite=Lax, path /. */
  setCookie: (name: string, value: string) => void;
};

/** A request with no browser: no cookies, and nothing set is kept. */
export const NO_VISITOR: Visitor = { address: "unknown", userAgent: "", cookie: () => undefined, setCookie: () => {} };

/**
 * How people's e-mail addresses are verified, as the host's sign-in does it (docs/operations.md,
 * 'Verifying an address'). `link`: the embedded provider, which sends no mail, makes a new
 * verification link for one of its accounts (its `subject`) for the operator to open or hand on;
 * undefined once that address is verified. `provider`: an external identity provider verifies
 * addresses itself (`provider` names its host) and says so in its tokens or userinfo.
 */
export type EmailVerification =
  { method: "link"; newLink: (subject: string) => Promise<{ email: string; link: string } | undefined> } | { method: "provider"; provider: string };

/** Without a host: addresses are the identity provider's to verify. */
export const PROVIDER_VERIFIES: EmailVerification = { method: "provider", provider: "" };
