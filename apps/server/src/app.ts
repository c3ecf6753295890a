import { randomBytes } from "node:crypto";
import Fastify, { type FastifyServerOptions } from "fastify";
import { appRouter, ColumnStops, leaderboardOf, type AdminRule, type Billing, type ModelGateway } from "@parley/api";
import type { KeyVault } from "@parley/keys";
import { registerStripeWebhook } from "./billing/webhook";
import { LIMITS } from "@parley/contracts";
import type { DbHandle } from "@parley/db";
import type { Authenticator } from "./auth/authenticator";
import { newVerificationLink, registerEmbeddedProvider, signInLimitRules } from "@parley/identity";
import type { Config } from "./config";
import { registerErrorHandler } from "./http/errors";
import { registerHealth } from "./http/health";
import { REDACTED_PATHS, withLogSafety } from "./http/logging";
import { createMetrics } from "./http/metrics";
import { RequestLines } from "./http/request-logger";
import { startFastPaths } from "./fast-paths";
import { connectStopChannel } from "./http/stop-channel";
import { connectLimiterRedis, createRateLimiter, createSignInLimits, rateLimitRules } from "./http/rate-limits";
import { createLifecycle, type Lifecycle } from "./http/lifecycle";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerSpa } from "./http/spa";
import { registerPublicPages } from "./public/public-pages";
import { createPreviews, type DrawPreview } from "./public/previews";
import { registerTrpc } from "./http/trpc";
import { restRoutes } from "./rest/answers";
import { registerApiDocs } from "./rest/api-docs";
import { createRequestContext } from "./http/context";
import { registerVisitorCookies } from "./http/visitor";
import { registerRestRoutes } from "./rest/serve";

export type AppDeps = {
  config: Config;
  db: DbHandle;
  authenticator: Authenticator;
  /** Seals and opens users' provider keys. */
  keys?: KeyVault;
  /** The model catalogue chat uses. */
  models?: ModelGateway;
  /** Stripe, when payments are configured (see createBilling). */
  billing?: Billing | null;
  /** Fastify logger options; tests pass a stream to capture log lines, or false. */
  logger?: FastifyServerOptions["logger"];
  /** Directory of the built SPA (index.html + assets/); omitted in API-only tests. */
  webRoot?: string;
  /** Draining and the end of streams at shutdown (main.ts stops the app through it). */
  lifecycle?: Lifecycle;
  /** Draws public links' preview images (renderPreviewImage; tests count its calls). */
  drawPreview?: DrawPreview;
  /** This server's lease id on a shared PostgreSQL database (main.ts keeps the lease). */
  instance?: string | null;
  /** The requests' clock (tests pin it so that what they compute and what the server does fall on the same instant). */
  now?: () => Date;
};

export { REDACTED_PATHS, serializeRequest } from "./http/logging";

/**
 * Request ids for requests that come without `x-request-id`: a random prefix per app and a
 * counter, unique across instances as a UUID would be, without drawing random bytes per request.
 */
export function requestIds(): () => string {
  const prefix = randomBytes(9).toString("base64url");
  let next = 0;
  return () => `${prefix}-${(next++).toString(36)}`;
}

/** Builds the Fastify app: API (tRPC + REST), health checks and the SPA. `main.ts` listens. */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: withLogSafety(deps.logger ?? { level: deps.config.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } }),
    logController: new RequestLines(),
    requestIdHeader: "x-request-id",
    genReqId: requestIds(),
    bodyLimit: LIMITS.requestBodyBytes,
    trustProxy: proxyTrust(deps.config.TRUST_PROXY),
    // tRPC batches put many procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
  });
  // Fastify's silent logger (`logger: false`) makes no children at all; any other is pino.
  startFastPaths(app.log, { requestLoggers: deps.logger !== false, databaseFallbacks: deps.db.fallbacks ?? [] });
  const billing = deps.billing ?? null;
  const limiterRedis = connectLimiterRedis(app, deps.config.REDIS_URL, deps.config.REDIS_KEY_PREFIX);
  const stops = new ColumnStops();
  connectStopChannel(app, stops, { db: deps.db, redis: limiterRedis });
  const limiter = createRateLimiter(rateLimitRules(deps.config), limiterRedis);
  const lifecycle = deps.lifecycle ?? createLifecycle();
  lifecycle.attach(app.server);
  const metrics = createMetrics(deps.db);
  const contextDeps = {
    db: deps.db.db,
    authenticator: deps.authenticator,
    keys: deps.keys,
    models: deps.models,
    billing,
    limiter,
    storageQuotaBytes: deps.config.STORAGE_QUOTA_MB * 1024 * 1024,
    stops,
    shutdown: lifecycle.signal,
    metrics: metrics.replies,
    admins: adminRuleOf(deps.config),
    instance: deps.instance ?? null,
    now: deps.now,
    voteRules: { dailyCap: deps.config.VOTE_DAILY_CAP, minAccountAgeHours: deps.config.VOTE_MIN_ACCOUNT_AGE_HOURS },
    // The embedded sign-in sends no mail: a new verification link is made for its operator (docs/operations.md).
    verification: deps.config.oidc.embedded
      ? { method: "link" as const, newLink: (subject: string) => newVerificationLink(deps.db.db, deps.config.publicUrl, subject) }
      : { method: "provider" as const, provider: new URL(deps.config.oidc.issuer).host },
  };

  // The leaderboard is fitted in the background, at start-up and then every interval; requests read the last fit.
  const board = leaderboardOf(deps.db.db);
  board.start(
    deps.config.LEADERBOARD_REFIT_SECONDS * 1000,
    contextDeps.voteRules,
    (error) => app.log.error({ err: error }, "the leaderboard could not be fitted again; it shows the last fit"),
    { embedded: deps.db.kind === "pglite" },
  );
  app.addHook("onClose", async () => {
    board.stop();
    await board.settled();
  });

  registerErrorHandler(app);
  registerVisitorCookies(app);
  metrics.register(app, { token: deps.config.METRICS_TOKEN, trustProxy: deps.config.TRUST_PROXY !== false });
  registerSecurityHeaders(app, {
    connectOrigins: deps.config.oidc.embedded ? [] : [new URL(deps.config.oidc.issuer).origin],
  });
  registerHealth(app, deps.db.ping, lifecycle.isDraining);
  if (deps.config.oidc.embedded) {
    if (!deps.keys) throw new Error("The embedded sign-in provider needs the encryption key (keys) to seal its signing keys.");
    const { publicUrl, oidc } = deps.config;
    await registerEmbeddedProvider(app, {
      settings: { publicUrl, issuer: oidc.issuer, clientId: oidc.clientId, audience: oidc.audience, trustProxy: deps.config.TRUST_PROXY !== false },
      db: deps.db.db,
      keys: deps.keys,
      limits: createSignInLimits(signInLimitRules(deps.config.AUTH_IP_LIMIT), limiterRedis),
    });
  }
  app.get("/api/v1/config", async () => publicConfig(deps.config, billing !== null));
  await registerStripeWebhook(app, { db: deps.db.db, billing, secret: deps.config.STRIPE_WEBHOOK_SECRET });
  await registerRestRoutes(app, restRoutes, { router: appRouter, contextOf: (request) => createRequestContext(contextDeps, request) });
  registerApiDocs(app, restRoutes, { publicUrl: deps.config.publicUrl, authenticator: deps.authenticator, admins: contextDeps.admins });
  await registerTrpc(app, contextDeps, metrics.noteError);
  registerPublicPages(app, {
    db: deps.db.db,
    publicUrl: deps.config.publicUrl,
    webRoot: deps.webRoot,
    previews: createPreviews({ limiter, draw: deps.drawPreview }),
  });
  await registerSpa(app, deps.webRoot);
  return app;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function of the hop, because Fastify
 * trusts no hop at all for a bare number (it cannot check who connects directly; a hop count
 * assumes only the proxy can, see .env.example).
 */
function proxyTrust(trust: Config["TRUST_PROXY"]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Admins from ADMIN_EMAILS (verified addresses only: with the embedded sign-in, the operator
 * verifies one through the link the server logs at sign-up) and ADMIN_CLAIM (docs/operations.md).
 */
function adminRuleOf(config: Config): AdminRule {
  const { emails, claim } = config.admins;
  return { emails: new Set(emails), ...(claim && { claim }) };
}

/** What the SPA needs before it can sign anyone in. */
function publicConfig(config: Config, paymentsEnabled: boolean) {
  const { embedded, issuer, clientId, audience, scope } = config.oidc;
  return {
    oidc: { authority: issuer, clientId, audience, scope, embedded },
    payments: { enabled: paymentsEnabled },
  };
}
