// Starts Parley: reads the configuration, opens and migrates the database, listens, and on
// SIGTERM/SIGINT stops accepting requests, lets in-flight ones finish and closes the database.
import { fileURLToPath } from "node:url";
import { createDb, migrate } from "@parley/db";
import { createKeyVault } from "@parley/api";
import { buildApp } from "./app";
import { createBilling } from "./billing/create-billing";
import { createAuthenticator } from "./auth/create-authenticator";
import { loadEncryptionKey } from "./auth/encryption-key";
import { ConfigError, loadConfig, type Config } from "./config";
import { startModels } from "./models/start-models";

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

const encryption = await loadEncryptionKey(config).catch((error: unknown) =>
  fail(error instanceof ConfigError ? error.message : `Cannot read or create the encryption key: ${(error as Error).message}`),
);

const db = await createDb(config.DATABASE_URL).catch((error: unknown) =>
  fail(`Cannot open the database (DATABASE_URL=${redactUrl(config.DATABASE_URL)}): ${(error as Error).message}`),
);
try {
  await migrate(db.db);
} catch (error) {
  await db.close().catch(() => {});
  fail(`Database migration failed, not starting: ${(error as Error).message}`);
}

const { gateway: models, modelIds } = await startModels(config, db.db).catch((error: unknown) =>
  fail(`Cannot set up the model catalogue: ${(error as Error).message}`),
);

const keys = createKeyVault(encryption.key);
const authenticator = createAuthenticator(config, db.db, {
  keys,
  onOperationalError: (error) => app.log.warn({ err: error }, "access tokens cannot be verified: the identity provider's keys are unavailable"),
});
const app = await buildApp({
  config,
  db,
  models,
  authenticator,
  keys,
  billing: createBilling(config),
  webRoot: config.WEB_DIST ?? fileURLToPath(new URL("../../web/dist", import.meta.url)),
}).catch((error: unknown) => fail(`Cannot start: ${(error as Error).message}`));

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  await app.close();
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
