import { useEffect, useId, useState } from "react";
import { LINK_EXPIRIES, LINK_LIMITS, type LinkExpiry, type LinkKind, type PromptDetail } from "@parley/contracts";
import { messageOf, trpc } from "../lib/trpc";
import { LocalTime } from "../lib/time/local-time";
import { buttonClass } from "./button-styles";
import { usePrivacyCheck, type PrivacyChoice } from "./privacy-check/use-privacy-check";
import { LINK_TEXTS } from "./link-texts";

/** Whose link the panel is: a conversation (only once shared), a post, or a published prompt. */
export type PublicLinkTarget = { kind: "session"; sessionId: number; shared: boolean } | { kind: "post"; postId: number } | { kind: "prompt"; prompt: PromptDetail };

type Status = { enabled: boolean; path: string | null; listed: boolean };

const FIELD = "w-full rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100";
const NOTE = "text-xs leading-5 text-zinc-600 dark:text-zinc-400";

/**
 * The owner's 'Anyone with the link' switch (off by default) with the address to copy, for a
 * post the 'Listed' choice, and once the link is on its controls: expiry, password, view limit
 * and the views so far. Shows nothing to anyone else (the status is a 404 for them).
 */
export function PublicLinkPanel({ target }: { target: PublicLinkTarget }) {
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
  // Stopping or starting the share changes whether the conversation's link works.
  const shared = target.kind === "session" ? target.shared : null;
  const refetchSession = sessionStatus.refetch;
  useEffect(() => {
    if (shared !== null) void refetchSession();
  }, [shared, refetchSession]);
  const onDone = () => {
    setError(null);
    setCopied(false);
    void utils.publicLink.mine.invalidate();
  };
  const onError = (failure: unknown) => setError(messageOf(failure));
  const setPost = trpc.publicLink.setPost.useMutation({
    onSuccess: (next) => {
      onDone();
      if (target.kind === "post") utils.publicLink.postStatus.setData({ postId: target.postId }, next);
    },
    onError,
  });
  const setSession = trpc.publicLink.setSession.useMutation({
    onSuccess: (next) => {
      onDone();
      if (target.kind === "session") utils.publicLink.sessionStatus.setData({ sessionId: target.sessionId }, next);
    },
    onError,
  });
  const setPrompt = trpc.prompt.setPublicLink.useMutation({
    onSuccess: (saved) => {
      onDone();
      utils.prompt.get.setData({ id: saved.id }, saved);
    },
    onError,
  });
  // Opening a post's or a conversation's link passes the privacy check first (docs/privacy.md).
  const privacy = usePrivacyCheck();
  const pending = setPost.isPending || setSession.isPending || setPrompt.isPending;
  // While a change is on its way the switch already shows it.
  const pendingEnabled = setPost.isPending ? setPost.variables.enabled : setSession.isPending ? setSession.variables.enabled : setPrompt.isPending ? setPrompt.variables.enabled : undefined;

  const data: Status | undefined =
    target.kind === "prompt" ? { enabled: target.prompt.publicLink !== null, path: target.prompt.publicLink, listed: false } : target.kind === "post" ? postStatus.data : sessionStatus.data;
  if (!data) return null;
  const needsShare = target.kind === "session" && !target.shared;
  const url = data.path ? new URL(data.path, window.location.origin).href : null;
  const toggle = async (enabled: boolean) => {
    let choice: PrivacyChoice | null = null;
    if (enabled) {
      try {
        choice =
          target.kind === "prompt"
            ? await privacy.check("prompt", target.prompt.id)
            : await privacy.check(target.kind === "post" ? "post_link" : "share", target.kind === "post" ? target.postId : target.sessionId);
      } catch (failure) {
        return onError(failure);
      }
      if (!choice) return;
    }
    if (target.kind === "prompt") setPrompt.mutate({ id: target.prompt.id, enabled, ...(choice ?? {}) });
    else if (target.kind === "post") setPost.mutate({ postId: target.postId, enabled, ...(choice ?? {}) });
    else setSession.mutate({ sessionId: target.sessionId, enabled, ...(choice ?? {}) });
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (failure) {
      onError(failure);
    }
  };
  const help = needsShare && !data.enabled ? LINK_TEXTS.needsShare : target.kind === "prompt" ? LINK_TEXTS.promptHelp : LINK_TEXTS.help;
  const settingsOf = target.kind === "post" ? { kind: "post" as const, id: target.postId } : target.kind === "session" ? { kind: "conversation" as const, id: target.sessionId } : { kind: "prompt" as const, id: target.prompt.id };

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900">
      {privacy.dialog}
      <label htmlFor={switchId} className="flex items-center justify-between gap-3 font-medium text-zinc-800 dark:text-zinc-100">
        {LINK_TEXTS.publicLink}
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          className="size-5 accent-brand-600"
          checked={pendingEnabled ?? data.enabled}
          disabled={pending || (needsShare && !data.enabled)}
          onChange={(event) => void toggle(event.target.checked)}
        />
      </label>
      <p className={NOTE}>{help}</p>
      {data.enabled && url && (
        <>
          <input readOnly aria-label="Public link" value={url} onFocus={(event) => event.target.select()} className="w-full rounded-lg border border-zinc-300 bg-zinc-50 px-2 py-1.5 font-mono text-xs text-zinc-800 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-200" />
          <button type="button" onClick={() => void copy()} className="self-start font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300">
            {LINK_TEXTS.copyLink}
          </button>
          {copied && <p role="status" className="text-xs text-emerald-700 dark:text-emerald-300">{LINK_TEXTS.linkCopied}</p>}
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
                <span className="font-medium">{LINK_TEXTS.listed}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{LINK_TEXTS.listedHelp}</span>
              </span>
            </label>
          )}
        </>
      )}
      {data.enabled && !url && <p className={NOTE}>{LINK_TEXTS.cannotBeShown}</p>}
      {data.enabled && <LinkControls kind={settingsOf.kind} id={settingsOf.id} />}
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

const EXPIRY_LABEL: Record<LinkExpiry, string> = { "1d": LINK_TEXTS.expiry1d, "7d": LINK_TEXTS.expiry7d, "30d": LINK_TEXTS.expiry30d, never: LINK_TEXTS.expiryNever };

/**
 * A link's (a public link's or a share's) expiry, password and view limit, and its views: what
 * the owner controls once it is on. `label` names the region where two show on one screen.
 */
export function LinkControls({ kind, id, label = LINK_TEXTS.controls }: { kind: LinkKind; id: number; label?: string }) {
  const utils = trpc.useUtils();
  const expiryId = useId();
  const passwordId = useId();
  const capId = useId();
  const [password, setPassword] = useState("");
  const [cap, setCap] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const settings = trpc.publicLink.settings.useQuery({ kind, id }, { retry: false });
  const configure = trpc.publicLink.configure.useMutation({
    onSuccess: (next) => {
      setError(null);
      setPassword("");
      setCap(null);
      utils.publicLink.settings.setData({ kind, id }, next);
      void utils.publicLink.mine.invalidate();
    },
    onError: (failure) => setError(messageOf(failure)),
  });
  const data = settings.data;
  if (!data) return null;
  const capText = cap ?? (data.view_cap === null ? "" : String(data.view_cap));
  const saveCap = () => {
    const trimmed = capText.trim();
    configure.mutate({ kind, id, view_cap: trimmed === "" ? null : Number(trimmed) });
  };
  return (
    <section aria-label={label} className="flex flex-col gap-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      <p className="text-xs font-medium text-zinc-700 dark:text-zinc-300" role="status" aria-label={LINK_TEXTS.viewsLabel}>
        {LINK_TEXTS.views(data.views, data.views_today)} · {LINK_TEXTS.state[data.state]}
      </p>
      {data.locked && (
        <p className="text-xs text-amber-800 dark:text-amber-200">
          {LINK_TEXTS.locked}{" "}
          <button type="button" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300" disabled={configure.isPending} onClick={() => configure.mutate({ kind, id, lift_lock: true })}>
            {LINK_TEXTS.liftLock}
          </button>
        </p>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={expiryId} className="font-medium text-zinc-800 dark:text-zinc-100">
          {LINK_TEXTS.expiry}
        </label>
        <select
          id={expiryId}
          className={FIELD}
          value=""
          disabled={configure.isPending}
          onChange={(event) => configure.mutate({ kind, id, expires: event.target.value as LinkExpiry })}
        >
          <option value="" disabled>
            {LINK_TEXTS.change}
          </option>
          {LINK_EXPIRIES.map((expiry) => (
            <option key={expiry} value={expiry}>
              {EXPIRY_LABEL[expiry]}
            </option>
          ))}
        </select>
        <p className={NOTE}>
          {data.expires_at ? (
            <>
              {LINK_TEXTS.expiresAt} <LocalTime iso={data.expires_at} />
            </>
          ) : (
            LINK_TEXTS.neverExpires
          )}
        </p>
      </div>
      <form
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          configure.mutate({ kind, id, password });
        }}
      >
        <label htmlFor={passwordId} className="font-medium text-zinc-800 dark:text-zinc-100">
          {LINK_TEXTS.password}
        </label>
        <div className="flex gap-2">
          <input
            id={passwordId}
            type="password"
            autoComplete="new-password"
            className={FIELD}
            value={password}
            minLength={LINK_LIMITS.passwordMin}
            maxLength={LINK_LIMITS.passwordMax}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit" className={buttonClass("secondary", "sm")} disabled={configure.isPending || password.length === 0}>
            {LINK_TEXTS.setPassword}
          </button>
        </div>
        <p className={NOTE}>
          {data.password ? LINK_TEXTS.passwordOn : LINK_TEXTS.passwordHelp}{" "}
          {data.password && (
            <button type="button" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300" disabled={configure.isPending} onClick={() => configure.mutate({ kind, id, password: null })}>
              {LINK_TEXTS.removePassword}
            </button>
          )}
        </p>
      </form>
      <form
        className="flex flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          saveCap();
        }}
      >
        <label htmlFor={capId} className="font-medium text-zinc-800 dark:text-zinc-100">
          {LINK_TEXTS.viewCap}
        </label>
        <div className="flex gap-2">
          <input id={capId} type="number" min={1} max={LINK_LIMITS.viewCapMax} inputMode="numeric" className={FIELD} value={capText} onChange={(event) => setCap(event.target.value)} />
          <button type="submit" className={buttonClass("secondary", "sm")} disabled={configure.isPending}>
            {LINK_TEXTS.saveViewCap}
          </button>
        </div>
        <p className={NOTE}>{LINK_TEXTS.viewCapHelp}</p>
      </form>
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
