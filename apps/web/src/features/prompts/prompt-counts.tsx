import type { PromptCard } from "@parley/contracts";
import { PROMPT_TEXTS } from "./texts";

/** Likes, saves, uses and comments of a prompt, as a short list. */
export function PromptCounts({ prompt }: { prompt: Pick<PromptCard, "likes" | "saves" | "uses" | "comments"> }) {
  const items = [
    [prompt.likes, PROMPT_TEXTS.likes(prompt.likes)],
    [prompt.saves, PROMPT_TEXTS.saves(prompt.saves)],
    [prompt.uses, PROMPT_TEXTS.uses(prompt.uses)],
    [prompt.comments, PROMPT_TEXTS.comments(prompt.comments)],
  ] as const;
  return (
    <ul aria-label="Counts" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-300">
      {items.map(([count, label]) => (
        <li key={label}>
          <span className="font-semibold tabular-nums">{count.toLocaleString("en-US")}</span> {label}
        </li>
      ))}
    </ul>
  );
}
