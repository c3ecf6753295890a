import { useId, useState } from "react";
import type { PromptDetail } from "@parley/contracts";
import { messageOf, trpc } from "../../lib/trpc";
import { PROMPT_TEXTS } from "./texts";

/** The owner's opt-in public link of a published prompt: a switch and the address to copy. */
export function PromptPublicLink({ prompt }: { prompt: PromptDetail }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const set = trpc.prompt.setPublicLink.useMutation({
    onSuccess: (saved) => {
      setError(null);
      utils.prompt.get.setData({ id: saved.id }, saved);
    },
    onError: (failure) => setError(messageOf(failure)),
  });
  const url = prompt.publicLink ? new URL(prompt.publicLink, window.location.origin).href : null;
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900">
      <label htmlFor={id} className="flex items-center justify-between gap-3 font-medium text-zinc-800 dark:text-zinc-100">
        {PROMPT_TEXTS.publicLink}
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="size-5 accent-brand-600"
          checked={set.isPending ? set.variables.enabled : prompt.publicLink !== null}
          disabled={set.isPending}
          onChange={(event) => set.mutate({ id: prompt.id, enabled: event.target.checked })}
        />
      </label>
      <p className="text-xs leading-5 text-zinc-600 dark:text-zinc-400">{PROMPT_TEXTS.publicLinkHelp}</p>
      {url && (
        <>
          <input readOnly aria-label="Public link" value={url} onFocus={(event) => event.target.select()} className="w-full rounded-lg border border-zinc-300 bg-zinc-50 px-2 py-1.5 font-mono text-xs text-zinc-800 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-200" />
          <button type="button" onClick={() => void copy()} className="self-start font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300">
            {PROMPT_TEXTS.copyLink}
          </button>
          {copied && <p role="status" className="text-xs text-emerald-700 dark:text-emerald-300">{PROMPT_TEXTS.linkCopied}</p>}
        </>
      )}
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
