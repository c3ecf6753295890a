import { useRef, type KeyboardEvent } from "react";

export const tabId = (tab: string) => `account-tab-${tab}`;
export const panelId = (tab: string) => `account-panel-${tab}`;

/** The tab strip (WAI-ARIA tabs: arrow keys, Home and End move between tabs). */
export function AccountTabList({
  tabs,
  active,
  onSelect,
}: {
  tabs: readonly { id: string; label: string }[];
  active: string;
  onSelect: (tab: string) => void;
}) {
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    const target = next === undefined ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    list.current?.querySelector<HTMLElement>(`#${tabId(target.id)}`)?.focus();
  };

  return (
    <div ref={list} role="tablist" aria-label="Account" onKeyDown={onKeyDown} className="flex flex-wrap gap-1 rounded-3xl bg-zinc-100 p-1 dark:bg-zinc-900">
      {tabs.map((tab) => {
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
