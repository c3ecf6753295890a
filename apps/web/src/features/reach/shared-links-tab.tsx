import { useState } from "react";
import type { RouterOutputs } from "@parley/api";
import { buttonClass } from "../../components/button-styles";
import { LINK_TEXTS } from "../../components/link-texts";
import { usePrivacyCheck } from "../../components/privacy-check/use-privacy-check";
import { LinkControls } from "../../components/public-link-panel";
import { LocalTime } from "../../lib/time/local-time";
import { messageOf, trpc } from "../../lib/trpc";
import { LINK_KIND_TEXT, REACH_TEXTS, viewsText } from "./texts";

type SharedLink = RouterOutputs["publicLink"]["mine"]["links"][number];

/** The Shared links tab as the profile screen (/profile and /admin alike) lists it. */
export const SHARED_LINKS_TAB = { id: "links", label: REACH_TEXTS.sharedLinksTab, panel: <SharedLinksTab /> };

/**
 * The profile's Shared links tab: every link the person has made (its target, when it was made,
 * when it expires, its views and state), each revoked on its own or all at once; a share's
 * snapshot shows when it was taken and, once the conversation has changed since, can be taken again
 * from the conversation as it is now, through the privacy check as sharing does (what was added
 * since may hold findings).
 */
export function SharedLinksTab() {
  const utils = trpc.useUtils();
  const mine = trpc.publicLink.mine.useQuery();
  const [error, setError] = useState<string | null>(null);
  const done = () => {
    setError(null);
    void utils.publicLink.invalidate();
    void utils.chat.invalidate();
  };
  const onError = (failure: unknown) => setError(messageOf(failure));
  const revoke = trpc.publicLink.revoke.useMutation({ onSuccess: done, onError });
  const revokeAll = trpc.publicLink.revokeAll.useMutation({ onSuccess: done, onError });
  const refresh = trpc.publicLink.refreshShare.useMutation({ onSuccess: done, onError });
  const privacy = usePrivacyCheck();
  const refreshChecked = async (sessionId: number) => {
    setError(null);
    try {
      const choice = await privacy.check("share_refresh", sessionId);
      if (choice) refresh.mutate({ sessionId, ...choice });
    } catch (failure) {
      onError(failure);
    }
  };
  const links = mine.data?.links ?? [];
  const busy = revoke.isPending || revokeAll.isPending || refresh.isPending;

  return (
    <section aria-labelledby="shared-links-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="shared-links-title" className="text-lg font-semibold text-zinc-950 dark:text-white">
            {REACH_TEXTS.sharedLinksTitle}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{REACH_TEXTS.sharedLinksHelp}</p>
        </div>
        {links.length > 0 && (
          <button
            type="button"
            className={buttonClass("danger", "sm")}
            disabled={busy}
            onClick={() => {
              if (window.confirm(REACH_TEXTS.revokeAllConfirm)) revokeAll.mutate({ confirm: true });
            }}
          >
            {REACH_TEXTS.revokeAll}
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {mine.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {messageOf(mine.error)}
        </p>
      )}
      {mine.isSuccess && links.length === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400">{REACH_TEXTS.noSharedLinks}</p>}
      {links.length > 0 && (
        <ul className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {links.map((link) => (
            <SharedLinkRow
              key={`${link.kind}:${link.id}`}
              link={link}
              busy={busy}
              onRevoke={() => revoke.mutate({ kind: link.kind, id: link.id })}
              onRefresh={() => void refreshChecked(link.id)}
            />
          ))}
        </ul>
      )}
      {privacy.dialog}
    </section>
  );
}

function SharedLinkRow({ link, busy, onRevoke, onRefresh }: { link: SharedLink; busy: boolean; onRevoke: () => void; onRefresh: () => void }) {
  const [keep, setKeep] = useState(false);
  const [controls, setControls] = useState(false);
  return (
    <li className="space-y-2 p-4 text-sm" aria-label={`${LINK_KIND_TEXT[link.kind]}: ${link.title}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{LINK_KIND_TEXT[link.kind]}</p>
          <a href={link.target} className="font-medium break-words text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100">
            {link.title || "Untitled"}
          </a>
          {link.path && <p className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">{link.path}</p>}
        </div>
        <div className="flex gap-2">
          <button type="button" className={buttonClass("ghost", "sm")} aria-expanded={controls} onClick={() => setControls((open) => !open)}>
            {REACH_TEXTS.linkControls}
          </button>
          <button type="button" className={buttonClass("secondary", "sm")} disabled={busy} onClick={onRevoke}>
            {REACH_TEXTS.revoke}
          </button>
        </div>
      </div>
      {controls && <LinkControls kind={link.kind} id={link.id} />}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-zinc-600 sm:grid-cols-4 dark:text-zinc-400">
        <div>
          <dt className="font-medium text-zinc-800 dark:text-zinc-200">Created</dt>
          <dd>
            <LocalTime iso={link.created_at} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-zinc-800 dark:text-zinc-200">Expires</dt>
          <dd>{link.expires_at ? <LocalTime iso={link.expires_at} /> : "Never"}</dd>
        </div>
        <div>
          <dt className="font-medium text-zinc-800 dark:text-zinc-200">Views</dt>
          <dd data-testid="link-views">{link.views === null ? "Not counted" : viewsText(link.views)}</dd>
        </div>
        <div>
          <dt className="font-medium text-zinc-800 dark:text-zinc-200">State</dt>
          <dd>
            {LINK_TEXTS.state[link.state]}
            {link.locked && ` · ${LINK_TEXTS.lockedState}`}
            {link.password && " · Password"}
            {link.view_cap !== null && ` · Limit ${link.view_cap}`}
          </dd>
        </div>
      </dl>
      {link.kind === "share" && link.snapshot_at && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          <span>
            Snapshot taken <LocalTime iso={link.snapshot_at} />
          </span>
          {link.changed_since_snapshot && !keep && (
            <>
              <button type="button" className={buttonClass("ghost", "sm")} disabled={busy} onClick={onRefresh}>
                {REACH_TEXTS.refreshSnapshot}
              </button>
              <button type="button" className={buttonClass("ghost", "sm")} onClick={() => setKeep(true)}>
                {REACH_TEXTS.keepSnapshot}
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}
