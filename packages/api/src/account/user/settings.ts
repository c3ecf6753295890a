import { eq } from "drizzle-orm";
import { users, type Database, type Executor } from "@parley/db";
import type { KeyVault } from "@parley/keys";
import type { AuthIdentity } from "../../kit/identity";
import { KEY_MASK, listProviderKeyHints, maskKey, removeProviderKeys, saveProviderKey, type ProviderKeyName } from "./provider-keys";
import { requireUser, type UserRow } from "./require-user";

/** The settings a user reads; keys come masked. */
export type UserSettings = {
  id: string;
  email: string;
  name: string;
  picture: string;
  email_verified: boolean;
  nickname: string;
  open_ai_key: string;
  claude_api_key: string;
};

export type SettingsChange = {
  open_ai_key?: string;
  claude_api_key?: string;
  nickname?: string;
  remove_keys?: ProviderKeyName[];
};

/** The caller's settings. The nickname falls back to the identity profile's. */
export async function getUserSettings(db: Executor, user: UserRow, auth: AuthIdentity): Promise<UserSettings> {
  const hints = await listProviderKeyHints(db, user.id);
  const profileNickname = typeof auth.claims.nickname === "string" ? auth.claims.nickname : "";
  return {
    id: user.subject,
    email: user.email ?? "",
    name: user.name ?? "",
    picture: user.picture ?? "",
    email_verified: user.emailVerified,
    nickname: user.nickname || profileNickname,
    open_ai_key: maskKey(hints.openai),
    claude_api_key: maskKey(hints.claude),
  };
}

/**
 * Applies a settings form: an empty or missing key keeps the stored
 * one, a new value replaces it, `remove_keys` deletes; an empty nickname keeps the current one.
 */
export async function updateUserSettings(db: Database, keys: KeyVault, user: UserRow, change: SettingsChange) {
  const openai = newKeyOf(change.open_ai_key);
  const claude = newKeyOf(change.claude_api_key);
  const nickname = change.nickname?.trim();
  await db.transaction(async (tx) => {
    await removeProviderKeys(tx, user.id, change.remove_keys ?? []);
    if (openai) await saveProviderKey(tx, keys, user.id, "openai", openai);
    if (claude) await saveProviderKey(tx, keys, user.id, "claude", claude);
    if (nickname) await tx.update(users).set({ nickname }).where(eq(users.id, user.id));
  });
}

/** A submitted key field's new value, or undefined for "keep": empty, or the masked value read back. */
function newKeyOf(field: string | undefined): string | undefined {
  const value = field?.trim();
  if (!value || value.startsWith(KEY_MASK)) return undefined;
  return value;
}

/** Saves a change of the caller's settings and answers with the account as the change left it. */
export async function changeUserSettings(db: Database, keys: KeyVault, user: UserRow, auth: AuthIdentity, change: SettingsChange) {
  await updateUserSettings(db, keys, user, change);
  return getUserSettings(db, await requireUser({ db, auth }), auth);
}
