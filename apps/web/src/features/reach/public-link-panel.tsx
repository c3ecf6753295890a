import { useEffect, useId, useState } from "react";
import { messageOf, trpc } from "../../lib/trpc";
import { REACH_TEXTS } from "./texts";

type Target = { kind: "session"; sessionId: number; shared: boolean } | { kind: "post"; postId: number };
type Status = { enabled: boolean; token: string | null; path: string | null; listed: boolean };

/**
 * The owner's 'Anyone with the link' switch (off by default) with the address to copy, and for
 * a post the 'Listed' choice. Shows nothing to anyone else (the status query is a 404 for them).
 */
export function PublicLinkPanel({ target }: { target: Target }) {
  const utils = trpc.useUtils();
  const switchId = useId();
  const listedId = useId();
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const postStatus = trpc.publicLink.postStatus.useQuery({ postId: target.kind === "post" ? target.postId : 1 }, { enabled: target.kind === "post", retry: false });
  const sessionStatus = trpc.publicLink.sessionStatus.useQuery(
    { sessionId: target.kind === "session" ? target.sessionId : 1 },
    { enabled: target.kind === "session" && target.sessionId > 0, retry: false },
  );
  const status = target.kind === "post" ? postStatus : sessionStatus;
  // Stopping or starting the share changes whether the conversation's link works.
  const shared = target.kind === "session" ? target.shared : null;
  const refetchSession = sessionStatus.refetch;
  useEffect(() => {
    if (shared !== null) void refetchSession();
  }, [shared, refetchSession]);
  const onDone = (next: Status) => {
    setError(null);
    setCopied(false);
    if (target.kind === "post") utils.publicLink.postStatus.setData({ postId: target.postId }, next);
    else utils.publicLink.sessionStatus.setData({ sessionId: target.sessionId }, next);
  };
  const onError = (failure: unknown) => setError(messageOf(failure));
  const setPost = trpc.publicLink.setPost.useMutation({ onSuccess: onDone, onError });
  const setSession = trpc.publicLink.setSession.useMutation({ onSuccess: onDone, onError });
  const pending = setPost.isPending || setSession.isPending;

  // While a change is on its way the switch already shows it.
  const pendingEnabled = setPost.isPending ? setPost.variables.enabled : setSession.isPending ? setSession.variables.enabled : undefined;
  if (!status.data) return null;
  const data = status.data;
  const needsShare = target.kind === "session" && !target.shared;
  const url = data.path ? `${window.location.origin}${data.path}` : null;
  const toggle = (enabled: boolean) =>
    target.kind === "post" ? setPost.mutate({ postId: target.postId, enabled }) : setSession.mutate({ sessionId: target.sessionId, enabled });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (failure) {
      onError(failure);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900">
      <label htmlFor={switchId} className="flex items-center justify-between gap-3 font-medium text-zinc-800 dark:text-zinc-100">
        {REACH_TEXTS.publicLink}
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          className="size-5 accent-brand-600"
          checked={pendingEnabled ?? data.enabled}
          disabled={pending || (needsShare && !data.enabled)}
          onChange={(event) => toggle(event.target.checked)}
        />
      </label>
      <p className="text-xs leading-5 text-zinc-600 dark:text-zinc-400">{needsShare && !data.enabled ? REACH_TEXTS.publicLinkNeedsShare : REACH_TEXTS.publicLinkHelp}</p>
      {data.enabled && url && (
        <>
          <input readOnly aria-label="Public link" value={url} onFocus={(event) => event.target.select()} className="w-full rounded-lg border border-zinc-300 bg-zinc-50 px-2 py-1.5 font-mono text-xs text-zinc-800 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-200" />
          <button type="button" onClick={() => void copy()} className="self-start font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300">
            {REACH_TEXTS.copyLink}
          </button>
          {copied && <p role="status" className="text-xs text-emerald-700 dark:text-emerald-300">{REACH_TEXTS.linkCopied}</p>}
          {target.kind === "post" && (
            <label htmlFor={listedId} className="flex items-start gap-2 text-zinc-800 dark:text-zinc-100">
              <input
                id={listedId}
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-600"
                checked={data.listed}
                disabled={pending}
                onChange={(event) => setPost.mutate({ postId: target.postId, enabled: true, listed: event.target.checked })}
              />
              <span>
                <span className="font-medium">{REACH_TEXTS.listed}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{REACH_TEXTS.listedHelp}</span>
              </span>
            </label>
          )}
        </>
      )}
      {data.enabled && !url && <p className="text-xs leading-5 text-zinc-600 dark:text-zinc-400">{REACH_TEXTS.linkCannotBeShown}</p>}
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
