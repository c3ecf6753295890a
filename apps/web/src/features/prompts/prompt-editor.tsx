import { useId, useState, type FormEvent } from "react";
import {
  CATEGORIES,
  categoryLabel,
  DEFAULT_CATEGORY,
  parsePromptVariables,
  PROMPT_LIMITS,
  PROMPT_VISIBILITIES,
  type Category,
  type PromptDetail,
  type PromptVisibility,
} from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { usePrivacyCheck } from "../../components/privacy-check/use-privacy-check";
import { messageOf, trpc } from "../../lib/trpc";
import { PromptVersions } from "./prompt-versions";
import { CARD, FIELD, LABEL } from "./styles";
import { PROMPT_TEXTS } from "./texts";

type Draft = { name: string; text: string; description: string; category: Category; visibility: PromptVisibility };

const draftOf = (prompt: PromptDetail | null): Draft => ({
  name: prompt?.name ?? "",
  text: prompt?.text ?? "",
  description: prompt?.description ?? "",
  category: (prompt?.category as Category | undefined) ?? DEFAULT_CATEGORY,
  visibility: prompt?.visibility ?? "private",
});

/**
 * Writing a new prompt or editing one: name, text (its variables listed as they are typed),
 * description, category and visibility; an edit also lists the earlier versions to restore.
 */
export function PromptEditor({ prompt, onDone, onCancel }: { prompt: PromptDetail | null; onDone: (saved: PromptDetail) => void; onCancel: () => void }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState(() => draftOf(prompt));
  const [error, setError] = useState<string | null>(null);
  const create = trpc.prompt.create.useMutation();
  const update = trpc.prompt.update.useMutation();
  const visibility = trpc.prompt.setVisibility.useMutation();
  const privacy = usePrivacyCheck();
  const saving = create.isPending || update.isPending || visibility.isPending;
  const variables = parsePromptVariables(draft.text).map((v) => v.name);
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const fields = { name: draft.name, text: draft.text, description: draft.description || null, category: draft.category };
    try {
      let saved = prompt ? await update.mutateAsync({ id: prompt.id, ...fields }) : await create.mutateAsync(fields);
      if (saved.visibility !== draft.visibility) {
        // Publishing passes the privacy check first, as posting does (docs/privacy.md).
        const choice = draft.visibility === "private" ? {} : await privacy.check("prompt", saved.id);
        if (choice === null) {
          // Saved, still as it was: the person stopped at the check.
          utils.prompt.get.setData({ id: saved.id }, saved);
          await utils.prompt.library.invalidate();
          return;
        }
        saved = await visibility.mutateAsync({ id: saved.id, visibility: draft.visibility, ...choice });
      }
      utils.prompt.get.setData({ id: saved.id }, saved);
      await Promise.all([utils.prompt.library.invalidate(), utils.prompt.versions.invalidate({ id: saved.id }), utils.chat.options.invalidate()]);
      onDone(saved);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className={CARD}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-zinc-950 dark:text-white">
        {prompt ? PROMPT_TEXTS.editorEdit(prompt.name) : PROMPT_TEXTS.editorNew}
      </h2>
      {privacy.dialog}
      <form onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-4">
        <label className={LABEL}>
          {PROMPT_TEXTS.name}
          <input
            value={draft.name}
            onChange={(event) => change({ name: event.target.value })}
            maxLength={PROMPT_LIMITS.name}
            required
            className={`${FIELD} h-10`}
          />
        </label>
        <div className={LABEL}>
          <label htmlFor={`${id}-text`}>{PROMPT_TEXTS.text}</label>
          <textarea
            id={`${id}-text`}
            value={draft.text}
            onChange={(event) => change({ text: event.target.value })}
            maxLength={PROMPT_LIMITS.text}
            required
            rows={8}
            aria-describedby={`${id}-hint ${id}-vars`}
            className={`${FIELD} resize-y py-2 font-mono`}
          />
          <span id={`${id}-hint`} className="text-xs font-normal text-zinc-600 dark:text-zinc-400">
            {PROMPT_TEXTS.textHint}
          </span>
          <span id={`${id}-vars`} aria-live="polite" className="text-xs font-normal text-zinc-600 dark:text-zinc-400">
            {PROMPT_TEXTS.variablesFound(variables)} · {draft.text.length.toLocaleString("en-US")}/{PROMPT_LIMITS.text.toLocaleString("en-US")}
          </span>
        </div>
        <label className={LABEL}>
          {PROMPT_TEXTS.description}
          <textarea
            value={draft.description}
            onChange={(event) => change({ description: event.target.value })}
            maxLength={PROMPT_LIMITS.description}
            rows={2}
            className={`${FIELD} resize-y py-2`}
          />
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className={LABEL}>
            {PROMPT_TEXTS.category}
            <select value={draft.category} onChange={(event) => change({ category: event.target.value as Category })} className={`${FIELD} h-10`}>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categoryLabel(category)}
                </option>
              ))}
            </select>
          </label>
          <div className={LABEL}>
            <label htmlFor={`${id}-visibility-field`}>{PROMPT_TEXTS.visibility}</label>
            <select
              id={`${id}-visibility-field`}
              value={draft.visibility}
              onChange={(event) => change({ visibility: event.target.value as PromptVisibility })}
              aria-describedby={`${id}-visibility`}
              className={`${FIELD} h-10`}
            >
              {PROMPT_VISIBILITIES.map((value) => (
                <option key={value} value={value}>
                  {PROMPT_TEXTS.visibilities[value]}
                </option>
              ))}
            </select>
            <span id={`${id}-visibility`} className="text-xs font-normal text-zinc-600 dark:text-zinc-400">
              {PROMPT_TEXTS.visibilityHelp[draft.visibility]}
            </span>
          </div>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onCancel} className={buttonClass("secondary", "sm")}>
            {PROMPT_TEXTS.cancel}
          </button>
          <button type="submit" disabled={saving} className={buttonClass("primary", "sm")}>
            {saving ? PROMPT_TEXTS.saving : PROMPT_TEXTS.save}
          </button>
        </div>
      </form>
      {prompt && <PromptVersions prompt={prompt} onRestored={(restored) => setDraft(draftOf(restored))} />}
    </section>
  );
}
