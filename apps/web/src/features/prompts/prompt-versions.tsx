import { useState } from "react";
import { PROMPT_LIMITS, type PromptDetail } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { LocalTime } from "../../lib/time/local-time";
import { messageOf, trpc } from "../../lib/trpc";
import { PROMPT_TEXTS } from "./texts";

/** The versions of an own prompt, newest first; restoring one makes it the newest version. */
export function PromptVersions({ prompt, onRestored }: { prompt: PromptDetail; onRestored: (restored: PromptDetail) => void }) {
  const utils = trpc.useUtils();
  // Newest first, a page at a time (at most PROMPT_LIMITS.keptVersions are kept).
  const versions = trpc.prompt.versions.useInfiniteQuery({ id: prompt.id }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const [error, setError] = useState<string | null>(null);
  const restore = trpc.prompt.restore.useMutation({
    onSuccess: async (restored) => {
      setError(null);
      utils.prompt.get.setData({ id: restored.id }, restored);
      onRestored(restored);
      await Promise.all([utils.prompt.versions.invalidate({ id: restored.id }), utils.prompt.library.invalidate(), utils.chat.options.invalidate()]);
    },
    onError: (failure) => setError(PROMPT_TEXTS.restoreFailed(messageOf(failure))),
  });
  const list = versions.data?.pages.flatMap((page) => page.versions) ?? [];
  const newest = prompt.version;
  if (list.length === 0) return null;
  return (
    <section aria-label={PROMPT_TEXTS.versions} className="mt-6 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <h3 className="text-sm font-semibold text-zinc-950 dark:text-white">{PROMPT_TEXTS.versions}</h3>
      <ol className="mt-3 space-y-2">
        {list.map((version) => (
          <li key={version.version} className="rounded-xl border border-zinc-200 p-3 text-sm dark:border-zinc-800">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium text-zinc-900 dark:text-zinc-100">
                {PROMPT_TEXTS.versionLabel(version.version)} · {version.name} ·{" "}
                <LocalTime iso={version.createdAt} className="text-xs font-normal text-zinc-500 dark:text-zinc-400" />
              </p>
              {version.version === newest ? (
                <span className="text-xs font-semibold text-emerald-700 dark:text-emerald-300">{PROMPT_TEXTS.current}</span>
              ) : (
                <button
                  type="button"
                  onClick={() => restore.mutate({ id: prompt.id, version: version.version })}
                  disabled={restore.isPending}
                  aria-label={`${PROMPT_TEXTS.restore} ${PROMPT_TEXTS.versionLabel(version.version)}`}
                  className={buttonClass("secondary", "sm")}
                >
                  {PROMPT_TEXTS.restore}
                </button>
              )}
            </div>
            <p className="mt-2 line-clamp-3 font-mono text-xs break-words whitespace-pre-wrap text-zinc-600 dark:text-zinc-300">{version.text}</p>
          </li>
        ))}
      </ol>
      {versions.hasNextPage && (
        <button
          type="button"
          onClick={() => void versions.fetchNextPage()}
          disabled={versions.isFetchingNextPage}
          className={buttonClass("secondary", "sm", "mt-3")}
        >
          {PROMPT_TEXTS.olderVersions}
        </button>
      )}
      <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{PROMPT_TEXTS.versionsKept(PROMPT_LIMITS.keptVersions)}</p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
