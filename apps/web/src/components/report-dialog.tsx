import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { MODERATION, MODERATION_MESSAGES, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from "@parley/contracts";
import { buttonClass } from "./button-styles";

type ReportDialogProps = {
  /** What is reported, for the heading: "post" or "comment". */
  what: string;
  open: boolean;
  onClose: () => void;
  /** Sends the report; a rejection's message is shown in the dialog. */
  onSubmit: (report: { reason: ReportReason; details?: string }) => Promise<unknown>;
};

/**
 * The report dialog of a post or comment: a reason from the short list and optional text. A
 * modal <dialog>: focus stays inside, Escape closes it, and focus returns to the Report button.
 */
export function ReportDialog({ what, open, onClose, onSubmit }: ReportDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" } | { kind: "failed"; message: string }>({ kind: "idle" });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setReason(null);
      setDetails("");
      setState({ kind: "idle" });
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    setState({ kind: "sending" });
    try {
      await onSubmit({ reason, details: details.trim() || undefined });
      setState({ kind: "sent" });
    } catch (error) {
      setState({ kind: "failed", message: error instanceof Error ? error.message : "The report could not be sent. Try again." });
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-3xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form onSubmit={(event) => void submit(event)} className="space-y-5 p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Report this {what}
        </h2>
        {state.kind === "sent" ? (
          <p role="status" className="text-sm">
            {MODERATION_MESSAGES.reported}
          </p>
        ) : (
          <>
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium">Why are you reporting it?</legend>
              {REPORT_REASONS.map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input type="radio" name={`${id}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} required />
                  {REPORT_REASON_LABELS[value]}
                </label>
              ))}
            </fieldset>
            <div className="space-y-1.5">
              <label htmlFor={`${id}-details`} className="text-sm font-medium">
                Anything a moderator should know? (optional)
              </label>
              <textarea
                id={`${id}-details`}
                value={details}
                onChange={(event) => setDetails(event.target.value)}
                maxLength={MODERATION.detailsMax}
                rows={3}
                aria-describedby={`${id}-limit`}
                className="block w-full rounded-2xl border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-950"
              />
              <p id={`${id}-limit`} className="text-xs text-zinc-600 dark:text-zinc-400">
                {details.length}/{MODERATION.detailsMax} characters
              </p>
            </div>
            {state.kind === "failed" && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                {state.message}
              </p>
            )}
          </>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={buttonClass("secondary", "sm")}>
            {state.kind === "sent" ? "Close" : "Cancel"}
          </button>
          {state.kind !== "sent" && (
            <button type="submit" disabled={!reason || state.kind === "sending"} className={buttonClass("primary", "sm")}>
              {state.kind === "sending" ? "Sending..." : "Send report"}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}

/** The mark on the author's own post or comment that a moderator hid. */
export function HiddenMark() {
  return (
    <p className="mt-2 inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      {MODERATION_MESSAGES.hidden}
    </p>
  );
}
