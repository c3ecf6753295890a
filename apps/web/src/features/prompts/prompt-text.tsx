import { promptSegments } from "@parley/contracts";

/** A prompt's text as written, with each `{{variable}}` marked (escapes shown as the text they stand for). */
export function PromptText({ text }: { text: string }) {
  return (
    <div
      aria-label="Prompt text"
      role="group"
      className="rounded-2xl border border-zinc-200 bg-zinc-50 p-4 font-mono text-sm leading-6 break-words whitespace-pre-wrap text-zinc-900 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100"
    >
      {promptSegments(text).map((segment, index) =>
        segment.kind === "text" ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <mark
            key={index}
            title={segment.default === null ? `Variable ${segment.name}` : `Variable ${segment.name}, default “${segment.default}”`}
            className="rounded-md bg-brand-100 px-1 font-semibold text-brand-800 dark:bg-brand-900/70 dark:text-brand-100"
          >
            {segment.raw}
          </mark>
        ),
      )}
    </div>
  );
}
