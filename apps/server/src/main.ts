// Starts Parley: reads the configuration, opens and migrates the database, listens, and on
// SIGTERM/SIGINT stops accepting requests, closes idle connections, lets in-flight ones finish
// within SHUTDOWN_GRACE_MS (then ends streams, keeping what they carried) and closes the database.
import { fileURLToPath } from "node:url";
import { createDb, DatabaseLockedError, migrate } from "@parley/db";
import { randomUUID } from "node:crypto";
import { clearAbandonedImports, endInstanceLease, renewInstanceLease, sealLegacyPublicLinks, setAnswerChecks, settleInterruptedReplies } from "@parley/api";
import { createKeyVault } from "@parley/keys";
import { buildApp } from "./app";
import { createLifecycle } from "./http/lifecycle";
import { createBilling } from "./billing/create-billing";
import { createAuthenticator } from "./auth/create-authenticator";
import { loadEncryptionKey } from "./encryption-key";
import { ConfigError, loadConfig, type Config } from "./config";
import { startModels } from "./models/start-models";

/** How often interrupted replies are looked for while the server runs (with PostgreSQL, a third of the lease). */
const SETTLE_INTERVAL_MS = 60_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
// Answers are checked against their schemas in tests and development only (docs/api.md, "Answers").
setAnswerChecks(config.checkAnswers);

const encryption = await loadEncryptionKey(config).catch((error: unknown) =>
  fail(error instanceof ConfigError ? error.message : `Cannot read or create the encryption key: ${(error as Error).message}`),
);

const db = await createDb(config.DATABASE_URL, {
  statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  connectTimeoutSeconds: config.DATABASE_CONNECT_TIMEOUT_MS / 1000,
}).catch((error: unknown) =>
  fail(
    error instanceof DatabaseLockedError
      ? error.message
      : `Cannot open the database (DATABASE_URL=${redactUrl(config.DATABASE_URL)}): ${(error as Error).message}`,
  ),
);
let migrated: { applied: string[] };
try {
  migrated = await migrate(db.db);
} catch (error) {
  await db.close().catch(() => {});
  fail(`Database migration failed, not starting: ${(error as Error).message}`);
}

const { gateway: models, modelIds } = await startModels(config, db.db).catch((error: unknown) =>
  fail(`Cannot set up the model catalogue: ${(error as Error).message}`),
);

// On a shared PostgreSQL database this instance holds a lease; the reservations of its replies
// name it, so that another instance gives them back if this one stops without ending them.
const instance = db.kind === "postgres" ? randomUUID() : null;
if (instance) await renewInstanceLease(db.db, instance).catch((error: unknown) => fail(`Cannot take this instance's lease: ${(error as Error).message}`));

const keys = createKeyVault(encryption.key);
// Public links made before their tokens were sealed are sealed now (the migration cannot).
await sealLegacyPublicLinks(db.db, keys).catch((error: unknown) => fail(`Cannot seal the tokens of public links: ${(error as Error).message}`));
const authenticator = createAuthenticator(config, db.db, {
  keys,
  onOperationalError: (error) => app.log.warn({ err: error }, "access tokens cannot be verified: the identity provider's keys are unavailable"),
});
const lifecycle = createLifecycle();
const app = await buildApp({
  lifecycle,
  config,
  db,
  models,
  authenticator,
  keys,
  billing: await createBilling(config),
  instance,
  webRoot: config.WEB_DIST ?? fileURLToPath(new URL("../../web/dist", import.meta.url)),
}).catch((error: unknown) => fail(`Cannot start: ${(error as Error).message}`));

// Of several instances starting together on one database, one applies the migrations (under an
// advisory lock) and the others find them done.
app.log.info(
  { applied: migrated.applied },
  migrated.applied.length > 0 ? `applied ${migrated.applied.length} database migration(s)` : "the database schema is up to date",
);

// Replies whose server died mid-stream (this one before a restart, or a peer sharing the
// database) are settled now and then regularly: marked failed, their allowance given back. On
// the embedded database the directory lock proves no other process is alive, so at start-up
// every reply still pending is settled at once; with PostgreSQL, those of instances whose lease
// ran out (and this instance renews its own lease each time).
async function settleReplies(atStart: boolean) {
  try {
    if (instance) await renewInstanceLease(db.db, instance);
    const settled = await settleInterruptedReplies(db.db, new Date(), { everything: atStart && db.kind === "pglite", leaseMs: config.INSTANCE_LEASE_MS });
    if (settled.entries > 0 || settled.tokens > 0) app.log.warn(settled, "settled replies interrupted by a server that stopped");
  } catch (error) {
    app.log.error({ err: error }, "could not settle interrupted replies");
  }
}
await settleReplies(true);
// An import cut short by a stopped server wrote only under its stand-in account (nobody sees it):
// on the embedded database none can be running now, so that goes at start-up; with PostgreSQL,
// the next import clears those not heard from for ten minutes.
if (db.kind === "pglite") {
  await clearAbandonedImports(db.db, new Date(), { everything: true }).then(
    (cleared) => {
      if (cleared > 0) app.log.warn({ imports: cleared }, "cleared imports interrupted by a server that stopped");
    },
    (error: unknown) => app.log.error({ err: error }, "could not clear interrupted imports"),
  );
}
const settling = setInterval(() => void settleReplies(false), instance ? Math.floor(config.INSTANCE_LEASE_MS / 3) : SETTLE_INTERVAL_MS);
settling.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  clearInterval(settling);
  app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, "shutting down");
  await lifecycle.stop(app, { graceMs: config.SHUTDOWN_GRACE_MS, log: app.log });
  if (instance) await endInstanceLease(db.db, instance).catch((error: unknown) => app.log.warn({ err: error }, "could not end this instance's lease"));
  await db.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

try {
  await app.listen({ port: config.PORT, host: config.HOST });
  if (encryption.source === "generated") {
    app.log.warn(
      `Generated an encryption key for saved API keys in ${encryption.path}. Keep it with the data; set ENCRYPTION_KEY when several instances share one database.`,
    );
  }
  app.log.info({ models: modelIds }, `Parley is ready at ${config.publicUrl} (database: ${db.kind})`);
} catch (error) {
  await db.close().catch(() => {});
  fail(`Cannot listen on ${config.HOST}:${config.PORT}: ${(error as Error).message}`);
}

function redactUrl(url: string) {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}
