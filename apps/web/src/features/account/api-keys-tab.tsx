import { useState, type FormEvent } from "react";
import type { RouterOutputs } from "@parley/api";
import { trpc } from "../../lib/trpc";
import { ReadOnlyField } from "./form-fields";
import { SaveBar } from "./save-bar";
import { SecretField } from "./secret-field";
import { EMPTY_KEYS_FORM, isKeysFormDirty, keysChange, type KeysForm } from "./settings-form";

type Settings = RouterOutputs["user"]["settings"];

/** Texts of the save alerts. */
export const KEYS_ALERTS = { saved: "API keys saved successfully!", failed: "Error saving API keys" } as const;

/** API Keys tab: your own OpenAI and Claude keys, stored encrypted and shown masked. */
export function ApiKeysTab({ settings }: { settings: Settings }) {
  const utils = trpc.useUtils();
  const [form, setForm] = useState<KeysForm>(EMPTY_KEYS_FORM);
  const save = trpc.user.updateSettings.useMutation({
    onSuccess: (saved) => {
      utils.user.settings.setData(undefined, saved);
      setForm(EMPTY_KEYS_FORM);
      window.alert(KEYS_ALERTS.saved);
    },
    onError: (error) => {
      console.error("Saving API keys failed", error);
      window.alert(KEYS_ALERTS.failed);
    },
  });

  const toggleRemove = (provider: "openai" | "claude") =>
    setForm((current) => ({
      ...current,
      remove: current.remove.includes(provider) ? current.remove.filter((entry) => entry !== provider) : [...current.remove, provider],
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(keysChange(form));
  };

  return (
    <form onSubmit={submit} className="space-y-8">
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        Chats with your own key are never counted against your plan. Keys are encrypted on the server and only their last four characters are ever shown.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <ReadOnlyField label="User ID" value={settings.id} />
        <ReadOnlyField label="Email" value={settings.email} />
      </div>
      <div className="grid gap-6">
        <SecretField
          label="OpenAI API Key"
          placeholder="sk-…"
          value={form.open_ai_key}
          onChange={(open_ai_key) => setForm((current) => ({ ...current, open_ai_key }))}
          saved={settings.open_ai_key}
          removing={form.remove.includes("openai")}
          onToggleRemove={() => toggleRemove("openai")}
        />
        <SecretField
          label="Claude API Key"
          placeholder="sk-ant-…"
          value={form.claude_api_key}
          onChange={(claude_api_key) => setForm((current) => ({ ...current, claude_api_key }))}
          saved={settings.claude_api_key}
          removing={form.remove.includes("claude")}
          onToggleRemove={() => toggleRemove("claude")}
        />
      </div>
      <SaveBar dirty={isKeysFormDirty(form)} saving={save.isPending} />
    </form>
  );
}
