import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
import { KeyVaultError, type KeyVault } from "@parley/keys";
import { serverSecrets, type Database } from "@parley/db";

/** Algorithm of the embedded provider's signing key (ID tokens and JWT access tokens). */
export const SIGNING_ALG = "RS256";

const SIGNING_KEYS = "oidc.signing_keys";
const COOKIE_KEYS = "oidc.cookie_keys";

/**
 * A secret generated on first start and kept in `server_secrets`. Several instances starting at
 * once may each generate one: the first insert wins (on conflict do nothing) and all read it back.
 */
export async function getOrCreateSecret(db: Database, name: string, generate: () => Promise<string>): Promise<string> {
  const read = async () => (await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)).limit(1))[0];
  const existing = await read();
  if (existing) return existing.value;
  await db
    .insert(serverSecrets)
    .values({ name, value: await generate() })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`server secret ${name} could not be stored`);
  return stored.value;
}

/** Sealed values start with the vault's version prefix; a plaintext secret is JSON. */
const isSealed = (value: string) => !value.trimStart().startsWith("[");

/**
 * A secret kept sealed under ENCRYPTION_KEY (the vault of users' API keys), so a copy of the
 * database alone cannot sign tokens or cookies. A row stored in plaintext by an older version is
 * sealed in place when read (only if nobody changed it meanwhile).
 */
export async function getOrCreateSealedSecret(db: Database, vault: KeyVault, name: string, generate: () => Promise<string>): Promise<string> {
  const context = `server-secret:${name}`;
  const stored = await getOrCreateSecret(db, name, async () => vault.seal(await generate(), context));
  if (!isSealed(stored)) {
    await db
      .update(serverSecrets)
      .set({ value: vault.seal(stored, context) })
      .where(and(eq(serverSecrets.name, name), eq(serverSecrets.value, stored)));
    return stored;
  }
  try {
    return vault.open(stored, context);
  } catch (error) {
    if (!(error instanceof KeyVaultError)) throw error;
    throw new Error(
      `The sign-in provider's ${name} cannot be opened with this ENCRYPTION_KEY: it was sealed under another key. Restore the ENCRYPTION_KEY (or DATA_DIR/encryption.key) this database was used with.`,
      { cause: error },
    );
  }
}

/** The provider's private signing keys (a JWKS `keys` array). */
export async function loadSigningKeys(db: Database, vault: KeyVault): Promise<JWK[]> {
  const value = await getOrCreateSealedSecret(db, vault, SIGNING_KEYS, async () => JSON.stringify([await generateSigningKey()]));
  return JSON.parse(value) as JWK[];
}

/** Keys that sign the provider's cookies (newest first). */
export async function loadCookieKeys(db: Database, vault: KeyVault): Promise<string[]> {
  const value = await getOrCreateSealedSecret(db, vault, COOKIE_KEYS, async () => JSON.stringify([randomBytes(32).toString("base64url")]));
  return JSON.parse(value) as string[];
}

/** The public half of signing keys: what verifiers may see. */
export function publicKeysOf(keys: JWK[]): JWK[] {
  const PUBLIC = ["kty", "n", "e", "crv", "x", "y", "kid", "alg", "use"];
  return keys.map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => PUBLIC.includes(name))) as JWK);
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALG, use: "sig" };
}
