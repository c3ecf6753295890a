import { useId, useState } from "react";
import { LINK_EXPIRIES, LINK_LIMITS, type LinkExpiry, type LinkKind, type PromptDetail } from "@parley/contracts";
import { messageOf, trpc } from "../lib/trpc";
import { LocalTime } from "../lib/time/local-time";
import { buttonClass } from "./button-styles";
import { usePrivacyCheck, type PrivacyChoice } from "./privacy-check/use-privacy-check";
import { LINK_TEXTS } from "./link-texts";

/** Whose link the panel is: a post, or a published prompt (a shared conversation's is its share's audience: ShareAudience). */
export type PublicLinkTarget = { kind: "post"; postId: number } | { kind: "prompt"; prompt: PromptDetail };

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
  const postStatus = trpc.publicLink.postStatus.useQuery(
    { postId: target.kind === "post" ? target.postId : 1 },
    { enabled: target.kind === "post", retry: false },
  );
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
  const setPrompt = trpc.prompt.setPublicLink.useMutation({
    onSuccess: (saved) => {
      onDone();
      utils.prompt.get.setData({ id: saved.id }, saved);
    },
    onError,
  });
  // Opening a post's or a prompt's link passes the privacy check first (docs/privacy.md).
  const privacy = usePrivacyCheck();
  const pending = setPost.isPending || setPrompt.isPending;
  // While a change is on its way the switch already shows it.
  const pendingEnabled = setPost.isPending ? setPost.variables.enabled : setPrompt.isPending ? setPrompt.variables.enabled : undefined;

  const data: Status | undefined =
    target.kind === "prompt" ? { enabled: target.prompt.publicLink !== null, path: target.prompt.publicLink, listed: false } : postStatus.data;
  if (!data) return null;
  const url = data.path ? new URL(data.path, window.location.origin).href : null;
  const toggle = async (enabled: boolean) => {
    let choice: PrivacyChoice | null = null;
    if (enabled) {
      try {
        choice = target.kind === "prompt" ? await privacy.check("prompt", target.prompt.id) : await privacy.check("post_link", target.postId);
      } catch (failure) {
        return onError(failure);
      }
      if (!choice) return;
    }
    if (target.kind === "prompt") setPrompt.mutate({ id: target.prompt.id, enabled, ...(choice ?? {}) });
    else setPost.mutate({ postId: target.postId, enabled, ...(choice ?? {}) });
  };
  const copy = () => void copyLink(url, () => setCopied(true), onError);
  const help = target.kind === "prompt" ? LINK_TEXTS.promptHelp : LINK_TEXTS.help;
  const settingsOf = target.kind === "post" ? { kind: "post" as const, id: target.postId } : { kind: "prompt" as const, id: target.prompt.id };

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
          disabled={pending}
          onChange={(event) => void toggle(event.target.checked)}
        />
      </label>
      <p className={NOTE}>{help}</p>
      {data.enabled && url && (
        <>
          <PublicAddress url={url} copied={copied} onCopy={copy} />
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

/** Copies `url` to the clipboard. */
async function copyLink(url: string | null, onCopied: () => void, onError: (failure: unknown) => void) {
  if (!url) return;
  try {
    await navigator.clipboard.writeText(url);
    onCopied();
  } catch (failure) {
    onError(failure);
  }
}

/** A public link's address to read and copy. */
function PublicAddress({ url, copied, onCopy }: { url: string; copied: boolean; onCopy: () => void }) {
  return (
    <>
      <input
        readOnly
        aria-label="Public link"
        value={url}
        onFocus={(event) => event.target.select()}
        className="w-full rounded-lg border border-zinc-300 bg-zinc-50 px-2 py-1.5 font-mono text-xs text-zinc-800 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-200"
      />
      <button
        type="button"
        onClick={onCopy}
        className="self-start font-semibold text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-300"
      >
        {LINK_TEXTS.copyLink}
      </button>
      {copied && (
        <p role="status" className="text-xs text-emerald-700 dark:text-emerald-300">
          {LINK_TEXTS.linkCopied}
        </p>
      )}
    </>
  );
}

type Audience = "share" | "public";

/**
 * Who can open a shared conversation, as one choice with one set of controls: 'People with the
 * link' (the share, `/chat/share/{id}`, read signed in) or 'Public page' (its public link, `/s/{token}`,
 * read by anyone: turned on through the privacy check, and off again by choosing the share). The
 * expiry, password and view limit shown are the chosen audience's link's.
 */
export function ShareAudience({ sessionId }: { sessionId: number }) {
  const utils = trpc.useUtils();
  const name = useId();
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  // Read afresh whenever the share is shown: stopping a share turns its public link off.
  const status = trpc.publicLink.sessionStatus.useQuery({ sessionId }, { retry: false, refetchOnMount: "always" });
  const onError = (failure: unknown) => setError(messageOf(failure));
  const setSession = trpc.publicLink.setSession.useMutation({
    onSuccess: (next) => {
      setError(null);
      setCopied(false);
      utils.publicLink.sessionStatus.setData({ sessionId }, next);
      void utils.publicLink.mine.invalidate();
    },
    onError,
  });
  const privacy = usePrivacyCheck();
  // The audience being chosen shows at once, while the privacy check runs (cancelling it goes back).
  const [checking, setChecking] = useState(false);
  const data = status.data;
  if (!data) return null;
  const shown = checking || (setSession.isPending ? setSession.variables.enabled : data.enabled);
  const audience: Audience = shown ? "public" : "share";
  const busy = checking || setSession.isPending;
  const url = data.path ? new URL(data.path, window.location.origin).href : null;
  const choose = async (next: Audience) => {
    if (next === audience) return;
    setError(null);
    if (next === "share") return setSession.mutate({ sessionId, enabled: false });
    setChecking(true);
    try {
      const choice = await privacy.check("share", sessionId);
      if (choice) setSession.mutate({ sessionId, enabled: true, ...choice });
    } catch (failure) {
      onError(failure);
    } finally {
      setChecking(false);
    }
  };
  const options: { value: Audience; label: string; help: string }[] = [
    { value: "share", label: LINK_TEXTS.audienceShare, help: LINK_TEXTS.audienceShareHelp },
    { value: "public", label: LINK_TEXTS.audiencePublic, help: LINK_TEXTS.audiencePublicHelp },
  ];
  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-brand-200 pt-3 dark:border-brand-900">
      {privacy.dialog}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{LINK_TEXTS.audience}</legend>
        {options.map((option) => (
          <label key={option.value} className="flex items-start gap-2">
            <input
              type="radio"
              name={name}
              value={option.value}
              className="mt-1 size-4 accent-brand-600"
              checked={audience === option.value}
              disabled={busy}
              onChange={() => void choose(option.value)}
            />
            <span>
              <span className="font-medium">{option.label}</span>
              <span className="block text-xs text-brand-900/80 dark:text-brand-100/80">{option.help}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {audience === "public" && data.enabled && url && (
        <PublicAddress url={url} copied={copied} onCopy={() => void copyLink(url, () => setCopied(true), onError)} />
      )}
      {audience === "public" && data.enabled && !url && <p className={NOTE}>{LINK_TEXTS.cannotBeShown}</p>}
      {!busy &&
        (audience === "public" ? (
          <LinkControls key="public" kind="conversation" id={sessionId} />
        ) : (
          <LinkControls key="share" kind="share" id={sessionId} label={LINK_TEXTS.shareControls} />
        ))}
      {error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

const EXPIRY_LABEL: Record<LinkExpiry, string> = {
  "1d": LINK_TEXTS.expiry1d,
  "7d": LINK_TEXTS.expiry7d,
  "30d": LINK_TEXTS.expiry30d,
  never: LINK_TEXTS.expiryNever,
};

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
          <button
            type="button"
            className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300"
            disabled={configure.isPending}
            onClick={() => configure.mutate({ kind, id, lift_lock: true })}
          >
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
            <button
              type="button"
              className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300"
              disabled={configure.isPending}
              onClick={() => configure.mutate({ kind, id, password: null })}
            >
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
          <input
            id={capId}
            type="number"
            min={1}
            max={LINK_LIMITS.viewCapMax}
            inputMode="numeric"
            className={FIELD}
            value={capText}
            onChange={(event) => setCap(event.target.value)}
          />
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
