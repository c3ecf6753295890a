import { and, eq, inArray } from "drizzle-orm";
import type { KeyPolicy } from "@parley/ai";
import { PROVIDER_KEY_NAMES } from "@parley/contracts";
import { userProviderKeys, type Executor } from "@parley/db";
import { KeyVaultError, type KeyVault } from "@parley/keys";
import { AppError } from "../../kit/errors";

/** The providers a user can store an own key for. */
export { PROVIDER_KEY_NAMES };
export type ProviderKeyName = (typeof PROVIDER_KEY_NAMES)[number];

/** The stored key each service's own-key policy reads. */
export const OWN_KEY_NAME: Record<NonNullable<KeyPolicy["ownKey"]>, ProviderKeyName> = { openai: "openai", anthropic: "claude" };

const LABELS: Record<ProviderKeyName, string> = { openai: "OpenAI", claude: "Claude" };

/** Keys shorter than this show no characters at all when masked. */
const MIN_LENGTH_TO_SHOW_LAST4 = 12;

/** Associated data binding a sealed key to its owner and provider. */
const sealContext = (userId: string, provider: ProviderKeyName) => `${userId}:${provider}`;

/** What a read shows in place of a stored key's hidden characters. */
export const KEY_MASK = "••••";

/** The masked form reads return: KEY_MASK + the last four characters, or "" when no key is stored. */
export function maskKey(last4: string | undefined): string {
  return last4 === undefined ? "" : `${KEY_MASK}${last4}`;
}

/** Stores (or replaces) a user's key, sealed; only the last four characters stay readable. */
export async function saveProviderKey(db: Executor, keys: KeyVault, userId: string, provider: ProviderKeyName, key: string) {
  const ciphertext = keys.seal(key, sealContext(userId, provider));
  const last4 = key.length >= MIN_LENGTH_TO_SHOW_LAST4 ? key.slice(-4) : "";
  await db
    .insert(userProviderKeys)
    .values({ userId, provider, ciphertext, last4 })
    .onConflictDoUpdate({
      target: [userProviderKeys.userId, userProviderKeys.provider],
      set: { ciphertext, last4, updatedAt: new Date() },
    });
}

export async function removeProviderKeys(db: Executor, userId: string, providers: readonly ProviderKeyName[]) {
  if (providers.length === 0) return;
  await db.delete(userProviderKeys).where(and(eq(userProviderKeys.userId, userId), inArray(userProviderKeys.provider, [...providers])));
}

/** provider → last four characters of each stored key. */
export async function listProviderKeyHints(db: Executor, userId: string): Promise<Partial<Record<ProviderKeyName, string>>> {
  const rows = await db
    .select({ provider: userProviderKeys.provider, last4: userProviderKeys.last4 })
    .from(userProviderKeys)
    .where(eq(userProviderKeys.userId, userId));
  return Object.fromEntries(rows.map((row) => [row.provider, row.last4]));
}

/** Opens one sealed key; a key sealed under another ENCRYPTION_KEY is a CONFLICT a person can fix. */
export function openProviderKey(keys: KeyVault, userId: string, provider: ProviderKeyName, ciphertext: string): string {
  try {
    return keys.open(ciphertext, sealContext(userId, provider));
  } catch (error) {
    if (!(error instanceof KeyVaultError)) throw error;
    throw new AppError("CONFLICT", `Your saved ${LABELS[provider]} key can no longer be read on this server. Save it again under Admin → API Keys.`);
  }
}

/**
 * A user's own key in clear, for calling the provider on their behalf; undefined when none is
 * stored. Never log or return the result.
 */
export async function getProviderKey(db: Executor, keys: KeyVault, userId: string, provider: ProviderKeyName): Promise<string | undefined> {
  const [row] = await db
    .select({ ciphertext: userProviderKeys.ciphertext })
    .from(userProviderKeys)
    .where(and(eq(userProviderKeys.userId, userId), eq(userProviderKeys.provider, provider)))
    .limit(1);
  return row ? openProviderKey(keys, userId, provider, row.ciphertext) : undefined;
}
