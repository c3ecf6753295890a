import { useState } from "react";
import type { RouterOutputs } from "@parley/api";
import { LinkIcon, TrashIcon } from "../../components/action-icons";
import { PlusIcon } from "./chat-icons";
import { SessionSearchBox, SessionSearchResults } from "./session-search";
import { COMPARE_TEXTS } from "./compare/texts";
import { BATTLE_TEXTS } from "./battle/texts";
import { localTime, shortLocalTime } from "../../lib/time";
import "./chat.css";

type Session = RouterOutputs["chat"]["sessions"]["sessions"][number];

type SessionListProps = {
  sessions: Session[];
  selectedId: number;
  onSelect: (id: number) => void;
  onDelete: (id: number) => void;
  onNew: () => void;
};

/** 'Your Conversations': newest first, the open one highlighted, delete per item; no list when empty. */
export function SessionList({ sessions, selectedId, onSelect, onDelete, onNew }: SessionListProps) {
  const [searchText, setSearchText] = useState("");
  const searching = searchText.trim().length > 0;
  return (
    <nav aria-label="Your Conversations" className="flex h-full min-h-0 flex-col gap-3">
      <button
        type="button"
        onClick={onNew}
        className="inline-flex h-10 w-full items-center gap-2 rounded-xl border border-zinc-200 bg-white px-3 text-sm font-semibold text-zinc-800 shadow-xs transition hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        <PlusIcon className="size-4" />
        New Conversation
      </button>
      <h2 className="px-2 pt-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Your Conversations</h2>
      {sessions.length > 0 && <SessionSearchBox text={searchText} onText={setSearchText} />}
      {searching && <SessionSearchResults text={searchText} onSelect={onSelect} />}
      {!searching && sessions.length > 0 && (
        <ul className="-mx-1 min-h-0 flex-1 space-y-0.5 overflow-y-auto px-1 pb-2">
          {sessions.map((session) => {
            const selected = session.id === selectedId;
            return (
              <li key={session.id} className="group relative">
                <button
                  type="button"
                  onClick={() => onSelect(session.id)}
                  aria-current={selected ? "page" : undefined}
                  className={`w-full rounded-lg px-2.5 py-2 pr-9 text-left transition ${
                    selected ? "bg-zinc-200/80 dark:bg-zinc-800" : "hover:bg-zinc-200/50 dark:hover:bg-zinc-800/60"
                  }`}
                >
                  <span className={`block truncate text-sm ${selected ? "font-semibold" : "font-medium"} text-zinc-900 dark:text-zinc-100`}>
                    {session.description || "Untitled conversation"}
                  </span>
                  <span className="mt-0.5 flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
                    {session.active && (
                      <span className="inline-flex items-center gap-1 font-medium text-emerald-800 dark:text-emerald-400">
                        <span className="size-1.5 rounded-full bg-emerald-500" aria-hidden="true" />
                        Latest
                      </span>
                    )}
                    <time dateTime={`${session.last_updated}Z`} title={localTime(session.last_updated)}>
                      {shortLocalTime(session.last_updated)}
                    </time>
                    {session.battle && (
                      <span className="inline-flex items-center gap-0.5 font-medium text-amber-800 dark:text-amber-300">{BATTLE_TEXTS.listMark}</span>
                    )}
                    {session.compare_models && !session.battle && (
                      <span className="inline-flex items-center gap-0.5 font-medium text-fuchsia-800 dark:text-fuchsia-300">
                        {COMPARE_TEXTS.listMark(session.compare_models.length)}
                      </span>
                    )}
                    {session.shared && (
                      <span className="inline-flex items-center gap-0.5 text-brand-700 dark:text-brand-300">
                        <LinkIcon className="size-3" />
                        Shared
                      </span>
                    )}
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => onDelete(session.id)}
                  aria-label="Delete chat"
                  title="Delete chat"
                  data-selected={selected || undefined}
                  className="session-delete absolute top-1/2 right-1.5 -translate-y-1/2 rounded-md p-1.5 text-zinc-500 transition hover:bg-red-100 hover:text-red-700 dark:text-zinc-400 dark:hover:bg-red-950 dark:hover:text-red-300"
                >
                  <TrashIcon className="size-4" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
