import type { SnippetPart } from "@parley/contracts";

/**
 * A search snippet: the searched words in `<mark>`, everything as text (React escapes it), so a
 * conversation's text is never read as HTML.
 */
export function SnippetText({ parts, className = "" }: { parts: SnippetPart[]; className?: string }) {
  if (parts.length === 0) return null;
  return (
    <p className={`break-words text-sm text-zinc-600 dark:text-zinc-300 ${className}`}>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-zinc-950 dark:bg-amber-900/70 dark:text-amber-50">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
