import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
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
  await db.insert(serverSecrets).values({ name, value: await generate() }).onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`server secret ${name} could not be stored`);
  return stored.value;
}

/** The provider's private signing keys (a JWKS `keys` array). */
export async function loadSigningKeys(db: Database): Promise<JWK[]> {
  const value = await getOrCreateSecret(db, SIGNING_KEYS, async () => JSON.stringify([await generateSigningKey()]));
  return JSON.parse(value) as JWK[];
}

/** Keys that sign the provider's cookies (newest first). */
export async function loadCookieKeys(db: Database): Promise<string[]> {
  const value = await getOrCreateSecret(db, COOKIE_KEYS, async () => JSON.stringify([randomBytes(32).toString("base64url")]));
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
