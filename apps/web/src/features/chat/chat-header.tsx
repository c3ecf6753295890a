import type { RouterOutputs } from "@parley/api";
import { ChatsIcon, ForkIcon, SlidersIcon } from "./chat-icons";

type ForkedFrom = RouterOutputs["chat"]["history"]["forked_from"];

type ChatHeaderProps = {
  shared: boolean;
  description: string;
  owner: string | undefined;
  forkedFrom: ForkedFrom;
  onOpenSessions: () => void;
  onOpenOptions: () => void;
  /** The options panel is folded away on wide screens too (while comparing): its toggle shows at every width. */
  optionsFolded?: boolean;
};

const TOGGLE =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white";

/**
 * The chat window's title, 'Chat' or 'Shared Chat (Read-only)', with what the
 * conversation is, whose it is or where it was cloned from, and the panels' toggles on narrow screens.
 */
export function ChatHeader({ shared, description, owner, forkedFrom, onOpenSessions, onOpenOptions, optionsFolded = false }: ChatHeaderProps) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-zinc-200/80 px-2 sm:px-4 dark:border-zinc-800/80">
      <button type="button" onClick={onOpenSessions} className={`${TOGGLE} lg:hidden`} aria-label="Show Your Conversations" title="Your Conversations">
        <ChatsIcon />
      </button>
      <div className="flex min-w-0 flex-1 items-baseline gap-2 px-1">
        <h1 id="chat-title" className="shrink-0 text-base font-semibold">
          {shared ? "Shared Chat (Read-only)" : "Chat"}
        </h1>
        {description && <p className="hidden min-w-0 truncate text-sm text-zinc-500 sm:block dark:text-zinc-400">{description}</p>}
      </div>
      {owner && <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">Shared by {owner}</p>}
      {forkedFrom && (
        <p className="inline-flex min-w-0 items-center gap-1 rounded-full bg-zinc-100 px-2.5 py-1 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
          <ForkIcon className="size-3.5 shrink-0" />
          <span className="truncate">Forked from {forkedFrom.username ?? "another conversation"}</span>
        </p>
      )}
      <button
        type="button"
        onClick={onOpenOptions}
        className={`${TOGGLE} ${optionsFolded ? "" : "xl:hidden"}`}
        aria-label="Show Chat Options"
        title="Chat Options"
      >
        <SlidersIcon />
      </button>
    </header>
  );
}
