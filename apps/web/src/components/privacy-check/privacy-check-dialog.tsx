import { useEffect, useId, useRef, useState } from "react";
import { segmentsOf } from "@parley/privacy/segments";
import { buttonClass } from "../button-styles";
import { PRIVACY_TEXTS } from "./texts";
import type { PrivacyScan } from "./types";

type Finding = PrivacyScan["findings"][number];

/** Plain text longer than this between findings is cut to its ends, so a long message shows its findings in context. */
const CONTEXT = 90;

function shorten(text: string, first: boolean, last: boolean) {
  if (text.length <= CONTEXT * 2) return text;
  if (first) return `…${text.slice(-CONTEXT)}`;
  if (last) return `${text.slice(0, CONTEXT)}…`;
  return `${text.slice(0, CONTEXT)} … ${text.slice(-CONTEXT)}`;
}

/** One message that holds findings, each highlighted in place (as its marker once chosen). */
function MessageInContext({ content, findings, chosen }: { content: string; findings: Finding[]; chosen: Set<string> }) {
  const byId = new Map(findings.map((f) => [f.id, f]));
  const segments = segmentsOf(content, findings);
  return (
    <p className="text-sm leading-6 break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">
      {segments.map((segment, index) => {
        if (segment.findingId === null) return <span key={index}>{shorten(segment.text, index === 0, index === segments.length - 1)}</span>;
        const finding = byId.get(segment.findingId)!;
        return chosen.has(finding.id) ? (
          <mark key={index} data-finding={finding.kind} className="rounded bg-emerald-100 px-0.5 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
            {finding.marker}
          </mark>
        ) : (
          <mark
            key={index}
            data-finding={finding.kind}
            title={finding.label}
            className="rounded bg-amber-200 px-0.5 text-amber-950 dark:bg-amber-900 dark:text-amber-50"
          >
            {segment.text}
          </mark>
        );
      })}
    </p>
  );
}

/** The kinds ticked for redaction when the check opens: secrets and keys. */
const REDACTED_BY_DEFAULT: ReadonlySet<Finding["kind"]> = new Set(["private_key", "api_key", "url_password"]);

/**
 * What the privacy check found in what is about to leave: every message that holds something,
 * with the findings highlighted, and a 'Redact' box for each. A modal <dialog>: Escape cancels.
 */
export function PrivacyCheckDialog({ scan, onCancel, onContinue }: { scan: PrivacyScan; onCancel: () => void; onContinue: (redact: string[]) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  // Keys and secrets are ticked to start with: leaving one unredacted is the choice to make, not redacting it.
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(scan.findings.filter((f) => REDACTED_BY_DEFAULT.has(f.kind)).map((f) => f.id)));

  const main = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // The main choice has the focus (showModal gives it to the first box otherwise): Enter redacts what is ticked.
    main.current?.focus();
  }, []);

  const toggle = (findingId: string, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(findingId);
      else next.delete(findingId);
      return next;
    });
  const messages = [...new Set(scan.findings.map((f) => f.message))];
  const allChosen = chosen.size === scan.findings.length;
  const blocked = scan.blocking && !allChosen;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(44rem,calc(100vw-2rem))] rounded-3xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {PRIVACY_TEXTS.title}
        </h2>
        <p id={`${id}-intro`} className="text-sm leading-6 text-zinc-700 dark:text-zinc-300">
          {PRIVACY_TEXTS.intro(scan.findings.length)}
        </p>
        {scan.blocking && <p className="text-sm font-medium text-amber-800 dark:text-amber-200">{PRIVACY_TEXTS.blocking}</p>}
        <ul className="max-h-[55vh] space-y-3 overflow-y-auto pr-1">
          {messages.map((index) => {
            const message = scan.messages[index]!;
            const findings = scan.findings.filter((f) => f.message === index);
            return (
              <li key={index} className="space-y-2 rounded-2xl border border-zinc-200 p-3 dark:border-zinc-800">
                <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                  {message.role === "description" ? message.author : PRIVACY_TEXTS.message(index, message.author)}
                </p>
                <MessageInContext content={message.content} findings={findings} chosen={chosen} />
                <ul className="space-y-1">
                  {findings.map((finding) => (
                    <li key={finding.id}>
                      <label className="flex items-start gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="mt-1"
                          checked={chosen.has(finding.id)}
                          onChange={(event) => toggle(finding.id, event.target.checked)}
                        />
                        <span>
                          <span className="font-medium">{finding.provider ? `${finding.label} (${finding.provider})` : finding.label}</span>{" "}
                          <code className="rounded bg-zinc-100 px-1 text-xs break-all dark:bg-zinc-800">
                            {finding.text.length > 60 ? `${finding.text.slice(0, 60)}…` : finding.text}
                          </code>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        {blocked && (
          <p id={`${id}-left`} role="status" className="text-sm font-medium text-red-700 dark:text-red-300">
            {PRIVACY_TEXTS.stillToRedact(scan.findings.filter((f) => !chosen.has(f.id)))}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-end gap-2">
          <button
            type="button"
            onClick={() => setChosen(new Set(scan.findings.map((f) => f.id)))}
            disabled={allChosen}
            className={buttonClass("ghost", "sm", "mr-auto")}
          >
            {PRIVACY_TEXTS.redactAll}
          </button>
          <button type="button" onClick={onCancel} className={buttonClass("secondary", "sm")}>
            {PRIVACY_TEXTS.cancel}
          </button>
          <button type="button" onClick={() => onContinue([])} disabled={scan.blocking} className={buttonClass("secondary", "sm")}>
            {PRIVACY_TEXTS.goAhead}
          </button>
          <button
            ref={main}
            type="button"
            onClick={() => onContinue([...chosen])}
            disabled={blocked || chosen.size === 0}
            aria-describedby={blocked ? `${id}-left` : undefined}
            className={buttonClass("primary", "sm")}
          >
            {PRIVACY_TEXTS.redactAndContinue(chosen.size)}
          </button>
        </div>
      </div>
    </dialog>
  );
}
