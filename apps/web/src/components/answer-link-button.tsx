import { useEffect, useState } from "react";
import { LinkIcon } from "./action-icons";
import { copyText } from "../lib/clipboard/copy-text";
import { answerLinkHere } from "../lib/answers/use-answer-target";

/**
 * 'Copy link' for one answer: shown while the answer is hovered or holds the keyboard focus
 * (its parent carries `group`), always there for touch and keyboard. Copies the page's address
 * with `?answer=<key>`, and says so.
 */
export function AnswerLinkButton({ answer, label }: { answer: string; /** How the answer is named to screen readers, e.g. "answer 2". */ label: string }) {
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = window.setTimeout(() => setCopied(null), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await copyText(answerLinkHere(answer));
      setCopied("copied");
    } catch (error) {
      console.error("Copying an answer's link failed", error);
      setCopied("failed");
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => void copy()}
        className="inline-flex h-7 items-center gap-1 rounded-full px-2 text-xs font-medium text-zinc-600 opacity-100 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:opacity-100 sm:opacity-0 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
      >
        <LinkIcon className="size-3.5" />
        Copy link<span className="sr-only"> to {label}</span>
      </button>
      <span role="status" className="text-xs text-zinc-600 dark:text-zinc-300">
        {copied === "copied" ? "Link copied" : copied === "failed" ? "Copying failed: copy the address from the address bar" : ""}
      </span>
    </span>
  );
}
