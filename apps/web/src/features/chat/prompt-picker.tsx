import { useEffect, useRef, type KeyboardEvent } from "react";
import { Link } from "@tanstack/react-router";
import { CHAT_TEXTS } from "./texts";

export type PickerPrompt = { id: number; name: string; prompt: string };

/** The prompts whose name or text has every word of `query`, names first. */
export function matchPrompts(prompts: readonly PickerPrompt[], query: string): PickerPrompt[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const has = (text: string) => words.every((word) => text.toLowerCase().includes(word));
  const byName = prompts.filter((p) => has(p.name));
  return [...byName, ...prompts.filter((p) => !byName.includes(p) && has(p.prompt))];
}

/** The id of option `index` of the picker, for the message box's aria-activedescendant. */
export const pickerOptionId = (index: number) => `prompt-picker-option-${index}`;
export const PICKER_ID = "prompt-picker";

/**
 * The `/` picker above the message box: the prompts matching what follows the `/`. The box keeps
 * the focus; ↑/↓ move through the options, Enter picks, Escape closes (Composer handles the keys).
 * The list scrolls when it is taller than its box, so it takes the focus too (it is in the tab order),
 * and the same keys work there (`onKeyDown`).
 */
export function PromptPicker({
  matches,
  active,
  onPick,
  onKeyDown,
}: {
  matches: PickerPrompt[];
  active: number;
  onPick: (id: number) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector(`#${pickerOptionId(active)}`)?.scrollIntoView({ block: "nearest" });
  }, [active]);
  return (
    <div className="mx-3 mt-3 rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
      <p className="px-3 pt-2 text-xs text-zinc-600 dark:text-zinc-400">Prompts · ↑↓ to choose, Enter to use, Esc to close</p>
      {matches.length === 0 ? (
        <p role="status" className="px-3 py-3 text-sm text-zinc-600 dark:text-zinc-400">
          No prompt matches.
        </p>
      ) : (
        <ul
          ref={list}
          id={PICKER_ID}
          role="listbox"
          aria-label="Prompts"
          tabIndex={0}
          aria-activedescendant={pickerOptionId(active)}
          onKeyDown={onKeyDown}
          className="max-h-56 overflow-y-auto rounded-xl p-1.5 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {matches.map((prompt, index) => (
            <li
              key={prompt.id}
              id={pickerOptionId(index)}
              role="option"
              aria-selected={index === active}
              // The box keeps the focus; a click picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(prompt.id)}
              className={`cursor-pointer rounded-xl px-3 py-2 text-sm ${index === active ? "bg-brand-50 text-brand-900 dark:bg-brand-950 dark:text-brand-100" : "text-zinc-800 hover:bg-zinc-50 dark:text-zinc-100 dark:hover:bg-zinc-800"}`}
            >
              <span className="block font-medium">{prompt.name}</span>
              <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">{prompt.prompt}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="border-t border-zinc-100 px-3 py-2 text-xs dark:border-zinc-800">
        <Link to="/prompts" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
          {CHAT_TEXTS.openPromptLibrary}
        </Link>
      </p>
    </div>
  );
}
