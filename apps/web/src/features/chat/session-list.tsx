import type { RouterOutputs } from "@parley/api";
import { buttonClass } from "../../components/button-styles";
import { localTime } from "./messages";

type Session = RouterOutputs["chat"]["sessions"]["sessions"][number];

type SessionListProps = {
  sessions: Session[];
  selectedId: number;
  onSelect: (id: number) => void;
  onDelete: (id: number) => void;
  onNew: () => void;
};

/** 'Your Conversations' (spec §2): newest first, the open one highlighted, delete per item. */
export function SessionList({ sessions, selectedId, onSelect, onDelete, onNew }: SessionListProps) {
  return (
    <nav aria-label="Your Conversations" className="flex h-full min-h-0 flex-col gap-3">
      <h2 className="px-1 text-sm font-semibold text-zinc-500 uppercase dark:text-zinc-400">Your Conversations</h2>
      <button type="button" onClick={onNew} className={buttonClass("primary", "sm", "w-full")}>
        New Conversation
      </button>
      {sessions.length > 0 && (
        <ul className="-mx-1 min-h-0 flex-1 space-y-1 overflow-y-auto px-1">
          {sessions.map((session) => {
            const selected = session.id === selectedId;
            return (
              <li key={session.id} className="group relative">
                <button
                  type="button"
                  onClick={() => onSelect(session.id)}
                  aria-current={selected ? "page" : undefined}
                  className={`w-full rounded-xl px-3 py-2 pr-10 text-left transition ${
                    selected
                      ? "bg-brand-50 ring-1 ring-brand-300 dark:bg-brand-950 dark:ring-brand-800"
                      : "hover:bg-zinc-100 dark:hover:bg-zinc-800/70"
                  }`}
                >
                  <span className="block truncate text-sm font-medium">{session.description || "Untitled conversation"}</span>
                  <span className="mt-0.5 flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-300">
                    {session.active && <span className="size-1.5 rounded-full bg-emerald-500" aria-label="Most recent" />}
                    {localTime(session.last_updated)}
                    {session.shared && <span className="ml-1 rounded bg-zinc-200 px-1 text-[0.65rem] dark:bg-zinc-700">shared</span>}
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => onDelete(session.id)}
                  aria-label="Delete chat"
                  title="Delete chat"
                  className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1.5 text-zinc-400 opacity-60 hover:bg-red-50 hover:text-red-600 group-hover:opacity-100 focus:opacity-100 dark:hover:bg-red-950"
                >
                  <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
                    <path d="M7 3h6l1 2h3v2H3V5h3l1-2zm-2 6h10l-1 8H6L5 9z" />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
