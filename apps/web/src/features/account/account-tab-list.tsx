import { useRef, type KeyboardEvent } from "react";
import { ACCOUNT_TABS, type AccountTab } from "./account-tabs";

export const tabId = (tab: AccountTab) => `account-tab-${tab}`;
export const panelId = (tab: AccountTab) => `account-panel-${tab}`;

/** The tab strip (WAI-ARIA tabs: arrow keys, Home and End move between tabs). */
export function AccountTabList({ active, onSelect }: { active: AccountTab; onSelect: (tab: AccountTab) => void }) {
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = ACCOUNT_TABS.findIndex((tab) => tab.id === active);
    const last = ACCOUNT_TABS.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    const target = next === undefined ? undefined : ACCOUNT_TABS[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    list.current?.querySelector<HTMLElement>(`#${tabId(target.id)}`)?.focus();
  };

  return (
    <div ref={list} role="tablist" aria-label="Account" onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto rounded-full bg-zinc-100 p-1 dark:bg-zinc-900">
      {ACCOUNT_TABS.map((tab) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            className={`flex-1 rounded-full px-4 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
              selected
                ? "bg-white text-zinc-950 shadow-sm dark:bg-zinc-800 dark:text-white"
                : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
