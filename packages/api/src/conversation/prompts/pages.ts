import type { Database, Executor } from "@parley/db";
import type { KeyVault } from "@parley/keys";
import type { PrivacyChoice, PrivacyPerson } from "../../account/sharing/privacy-check";
import { createPrompt, getPromptById, restorePromptVersion, updatePrompt, type PromptFields } from "./library";
import { getPromptLinkPath, setPromptLink } from "./public-link";

// The prompt procedures that change a prompt answer with its page as the caller now reads it
// (its public link's address included, when it has one).

type Owner = PrivacyPerson & { id: string };

/** A prompt's page, with its public link's address; `key` opens an unlisted prompt by its address. */
export function readPromptPage(db: Executor, keys: KeyVault, viewerId: string, promptId: number, key?: string) {
  return getPromptById(db, viewerId, promptId, (id) => getPromptLinkPath(db, keys, id), key);
}

/** Writes a new prompt (private until published) and answers with its page. */
export async function createPromptPage(db: Executor, userId: string, fields: PromptFields, now: Date) {
  return getPromptById(db, userId, await createPrompt(db, userId, fields, now));
}

/** Changes the caller's prompt and answers with its page. */
export async function updatePromptPage(db: Database, keys: KeyVault, user: Owner, promptId: number, fields: PromptFields, now: Date) {
  await updatePrompt(db, user, promptId, fields, now);
  return readPromptPage(db, keys, user.id, promptId);
}

/** Makes an earlier version current again and answers with the prompt's page. */
export async function restorePromptVersionPage(db: Database, keys: KeyVault, user: Owner, promptId: number, version: number, now: Date) {
  await restorePromptVersion(db, user, promptId, version, now);
  return readPromptPage(db, keys, user.id, promptId);
}

/** Turns the prompt's public link on or off and answers with its page. */
export async function setPromptLinkPage(db: Database, keys: KeyVault, user: Owner, promptId: number, enabled: boolean, choice: PrivacyChoice, now: Date) {
  await setPromptLink(db, keys, user, promptId, enabled, choice, now);
  return readPromptPage(db, keys, user.id, promptId);
}
