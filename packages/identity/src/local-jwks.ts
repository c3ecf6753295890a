import { createLocalJWKSet, errors, type JWTVerifyGetKey } from "jose";
import type { KeyVault } from "@parley/keys";
import type { Database } from "@parley/db";
import { loadSigningKeys, publicKeysOf } from "./secrets";

const RELOAD_COOLDOWN_MS = 30_000;

/**
 * The embedded provider's public keys, read from the database rather than fetched over HTTP
 * from ourselves. A token naming an unknown key re-reads them, at most once per cool-down.
 */
export function createEmbeddedJwks(db: Database, vault: KeyVault): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  let loadedAt = 0;
  const load = () => {
    loadedAt = Date.now();
    keySet = loadSigningKeys(db, vault).then(
      (keys) => createLocalJWKSet({ keys: publicKeysOf(keys) }),
      (error: unknown) => {
        keySet = undefined;
        throw error;
      },
    );
    return keySet;
  };

  return async (header, token) => {
    const current = await (keySet ?? load());
    try {
      return await current(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - loadedAt < RELOAD_COOLDOWN_MS) throw error;
      return (await load())(header, token);
    }
  };
}
