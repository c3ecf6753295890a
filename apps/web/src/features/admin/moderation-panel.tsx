import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { REPORT_REASON_LABELS, REPORT_REASONS, type ItemKind } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { messageOf, trpc } from "../../lib/trpc";
import { LocalTime } from "../../lib/time/local-time";
import { ADMIN_TEXTS } from "./texts";

type View = "open" | "hidden";

/** How the queue names each kind of item. */
const KIND_NAMES: Record<ItemKind, string> = {
  post: "Post",
  comment: "Comment",
  conversation: "Conversation",
  prompt: "Prompt",
  prompt_comment: "Comment on a prompt",
};

/** The moderation queue: reported items (hide them or dismiss their reports) and hidden ones (restore them). */
export function ModerationPanel() {
  const [view, setView] = useState<View>("open");
  const queue = trpc.admin.queue.useQuery({ view });
  const utils = trpc.useUtils();
  const [failure, setFailure] = useState<string | null>(null);
  const settled = {
    onSuccess: () => {
      setFailure(null);
      void utils.admin.queue.invalidate();
      void utils.post.invalidate();
      void utils.prompt.invalidate();
    },
    onError: (error: unknown) => setFailure(messageOf(error)),
  };
  const hide = trpc.admin.hide.useMutation(settled);
  const restore = trpc.admin.restore.useMutation(settled);
  const dismiss = trpc.admin.dismiss.useMutation(settled);
  const busy = hide.isPending || restore.isPending || dismiss.isPending;

  return (
    <div className="space-y-4">
      <div role="group" aria-label="Queue" className="flex gap-1">
        {(["open", "hidden"] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => setView(option)}
            className={`rounded-full px-3 py-1 text-sm ${view === option ? "bg-zinc-900 text-white dark:bg-white dark:text-zinc-900" : "bg-zinc-100 dark:bg-zinc-800"}`}
          >
            {option === "open" ? ADMIN_TEXTS.reported : ADMIN_TEXTS.hiddenView}
          </button>
        ))}
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      )}
      {queue.isPending ? (
        <p role="status">{ADMIN_TEXTS.loading}</p>
      ) : queue.isError ? (
        <p role="alert">{ADMIN_TEXTS.loadFailed}</p>
      ) : queue.data.items.length === 0 ? (
        <p>{view === "open" ? ADMIN_TEXTS.queueEmpty : ADMIN_TEXTS.hiddenEmpty}</p>
      ) : (
        <ul className="space-y-3" aria-label={view === "open" ? "Reported items" : "Hidden items"}>
          {queue.data.items.map((item) => {
            const ref = { kind: item.kind, id: item.id };
            const name = `${KIND_NAMES[item.kind]} by ${item.author.username}`;
            return (
              <li key={`${item.kind}:${item.id}`}>
                <article aria-label={name} className="space-y-2 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
                  <header className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="font-semibold">
                      {name}
                      {item.hidden && (
                        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200">Hidden</span>
                      )}
                    </h3>
                    {item.prompt_id !== null ? (
                      <Link to="/prompt/$id" params={{ id: String(item.prompt_id) }} className="text-sm text-brand-700 underline dark:text-brand-300">
                        Open prompt {item.prompt_id}
                      </Link>
                    ) : item.post_id === null ? (
                      <Link
                        to="/chat/share/$sessionId"
                        params={{ sessionId: String(item.id) }}
                        className="text-sm text-brand-700 underline dark:text-brand-300"
                      >
                        Open conversation
                      </Link>
                    ) : (
                      <Link to="/post/$postId" params={{ postId: String(item.post_id) }} className="text-sm text-brand-700 underline dark:text-brand-300">
                        Open post {item.post_id}
                      </Link>
                    )}
                  </header>
                  <blockquote className="border-l-2 border-zinc-300 pl-3 text-sm whitespace-pre-wrap break-words dark:border-zinc-700">
                    {item.excerpt}
                  </blockquote>
                  <p className="text-sm">
                    {item.reports} {item.reports === 1 ? "report" : "reports"}
                    {item.reports > 0 && ": "}
                    {REPORT_REASONS.filter((reason) => item.reasons[reason] > 0)
                      .map((reason) => `${REPORT_REASON_LABELS[reason]} (${item.reasons[reason]})`)
                      .join(", ")}
                    {item.last_reported_at && (
                      <>
                        {" · last "}
                        <LocalTime iso={item.last_reported_at} />
                      </>
                    )}
                  </p>
                  {item.details.length > 0 && (
                    <ul className="list-disc pl-5 text-sm text-zinc-700 dark:text-zinc-300" aria-label="What reporters wrote">
                      {item.details.map((text, index) => (
                        <li key={index}>{text}</li>
                      ))}
                    </ul>
                  )}
                  <div className="flex flex-wrap gap-2">
                    {item.hidden ? (
                      <button type="button" disabled={busy} onClick={() => restore.mutate(ref)} className={buttonClass("secondary", "sm")}>
                        {ADMIN_TEXTS.restore}
                      </button>
                    ) : (
                      <button type="button" disabled={busy} onClick={() => hide.mutate(ref)} className={buttonClass("danger", "sm")}>
                        {ADMIN_TEXTS.hide}
                      </button>
                    )}
                    {view === "open" && (
                      <button type="button" disabled={busy} onClick={() => dismiss.mutate(ref)} className={buttonClass("secondary", "sm")}>
                        {ADMIN_TEXTS.dismiss}
                      </button>
                    )}
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
