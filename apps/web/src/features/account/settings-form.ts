import type { RouterInputs } from "@parley/api";

type SettingsChange = RouterInputs["user"]["updateSettings"];

/** The API Keys form: what was typed (never the stored key, which the API does not return) and what to remove. */
export type KeysForm = { open_ai_key: string; claude_api_key: string; remove: ("openai" | "claude")[] };

export const EMPTY_KEYS_FORM: KeysForm = { open_ai_key: "", claude_api_key: "", remove: [] };

/** Dirty when a new key was typed or a removal is pending. */
export function isKeysFormDirty(form: KeysForm): boolean {
  return form.open_ai_key.trim() !== "" || form.claude_api_key.trim() !== "" || form.remove.length > 0;
}

/** The update the API Keys form sends; empty keys keep what is stored. */
export function keysChange(form: KeysForm): SettingsChange {
  return {
    open_ai_key: form.open_ai_key.trim(),
    claude_api_key: form.claude_api_key.trim(),
    ...(form.remove.length > 0 ? { remove_keys: form.remove } : {}),
  };
}

/** Dirty when the nickname differs from the saved one. */
export function isNicknameDirty(edited: string, saved: string): boolean {
  return edited !== saved;
}
