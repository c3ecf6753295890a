import { useRef, useState, type KeyboardEvent } from "react";
import type { RouterOutputs } from "@parley/api";
import { DeferredMarkdown } from "../../../lib/markdown/deferred-markdown";
import { StopIcon } from "../chat-icons";
import { CHAT_TEXTS } from "../texts";
import { COMPARE_TEXTS } from "../compare/texts";
import { BATTLE_TEXTS, type BattleChoice } from "./texts";
import type { LiveTurn } from "../streaming-store";
import { verdictNoteText } from "./verdict-note";

type StoredBattle = RouterOutputs["chat"]["battleById"];

type Answer = {
  column: number;
  label: string;
  text: string;
  status: string;
  error?: string | null;
  modelName: string | null;
  usage?: StoredBattle["answers"][number]["usage"];
};

const CHOICES = Object.keys(BATTLE_TEXTS.choices) as BattleChoice[];

/** The answers to show: the battle streaming now, or the stored one. */
function answersOf(live: LiveTurn | null, stored: StoredBattle | undefined): { message: string; answers: Answer[] } {
  if (live)
    return {
      message: live.message,
      answers: live.columns.map((a, column) => ({ column, label: a.name, text: a.text, status: a.status, error: a.error, modelName: null })),
    };
  return {
    message: stored?.message_content ?? "",
    answers: (stored?.answers ?? []).map((a) => ({
      column: a.column,
      label: a.label,
      text: a.response_content,
      status: a.status,
      error: a.error,
      modelName: a.model_name,
      usage: a.usage,
    })),
  };
}

/**
 * A blind battle: the message and two answers labelled A and B, side by side. Once both have
 * ended, the verdict (A, B, a tie, both bad); after it, each answer names its model.
 */
export function BattleView({
  live,
  stored,
  onStop,
  onVerdict,
  deciding,
  error,
}: {
  live: LiveTurn | null;
  stored: StoredBattle | undefined;
  onStop: (column: number) => void;
  onVerdict: (choice: BattleChoice) => void;
  deciding: boolean;
  error: string | null;
}) {
  const { message, answers } = answersOf(live, stored);
  const ended = !live && answers.length > 0 && answers.every((a) => a.status !== "pending" && a.status !== "streaming");
  const verdict = live ? null : (stored?.verdict ?? null);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-6">
      {error && (
        <p
          role="alert"
          className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/60 dark:text-red-300"
        >
          {error}
        </p>
      )}
      {message && (
        <p className="ml-auto mb-4 w-fit max-w-[90%] rounded-2xl rounded-tr-md bg-zinc-100 px-3 py-2 text-sm text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50">
          {message}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {answers.map((answer) => {
          const title = answer.modelName ? BATTLE_TEXTS.named(answer.label, answer.modelName) : BATTLE_TEXTS.answer(answer.label);
          return (
            <section
              key={answer.column}
              aria-label={title}
              className="min-w-0 rounded-2xl border border-zinc-200 bg-zinc-50/60 p-3 dark:border-zinc-800 dark:bg-zinc-900/40"
            >
              <header className="mb-2 flex items-center gap-2">
                <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50">{title}</h2>
                {answer.status === "streaming" && (
                  <button
                    type="button"
                    onClick={() => onStop(answer.column)}
                    aria-label={`Stop answer ${answer.label}`}
                    title={`Stop answer ${answer.label}`}
                    className="inline-flex size-7 items-center justify-center rounded-full bg-zinc-900 text-white hover:bg-zinc-700 dark:bg-white dark:text-zinc-900"
                  >
                    <StopIcon />
                  </button>
                )}
              </header>
              <div
                className="min-w-0 text-sm text-zinc-900 dark:text-zinc-100"
                aria-live={answer.status === "streaming" ? "polite" : undefined}
                aria-busy={answer.status === "streaming"}
              >
                {answer.text ? <DeferredMarkdown>{answer.text}</DeferredMarkdown> : null}
                {(answer.status === "streaming" || answer.status === "pending") && !answer.text && (
                  <p className="text-zinc-600 dark:text-zinc-400">{BATTLE_TEXTS.waiting}</p>
                )}
                {answer.status === "error" && (
                  <p
                    role="alert"
                    className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-1.5 text-sm font-medium text-red-700 dark:border-red-900 dark:bg-red-950/60 dark:text-red-300"
                  >
                    {CHAT_TEXTS.sendFailed}
                    {answer.error ? `: ${COMPARE_TEXTS.errorOf(answer.error)}` : ""}
                  </p>
                )}
                {answer.status === "stopped" && <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{CHAT_TEXTS.stopped}</p>}
              </div>
              {answer.modelName && answer.usage && (
                <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">
                  {BATTLE_TEXTS.usage(answer.usage.input_tokens + answer.usage.output_tokens, answer.usage.charged_tokens)}
                </p>
              )}
            </section>
          );
        })}
      </div>
      {ended && !verdict && stored?.state === "blind" && (
        <fieldset className="mt-5 rounded-2xl border border-brand-200 bg-brand-50/60 p-4 dark:border-brand-900 dark:bg-brand-950/30">
          <legend className="px-1 text-sm font-semibold text-zinc-900 dark:text-zinc-50">{BATTLE_TEXTS.verdictLegend}</legend>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{BATTLE_TEXTS.verdictHint}</p>
          <VerdictChoices deciding={deciding} onVerdict={onVerdict} />
        </fieldset>
      )}
      {verdict && (
        <div
          role="status"
          className="mt-5 space-y-1 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200"
        >
          <p className="font-semibold">{BATTLE_TEXTS.decided(BATTLE_TEXTS.choices[verdict.choice])}</p>
          {/* A verdict that waits for the account's age says when it counts; one over the day's cap, or on an answer that did not complete, why it does not. */}
          {verdictNoteText(verdict) && <p>{verdictNoteText(verdict)}</p>}
          <p>{BATTLE_TEXTS.decidedNote}</p>
        </div>
      )}
    </div>
  );
}

/**
 * The four verdict buttons, one stop in the tab order (WAI-ARIA toolbar): the arrow keys move
 * between them (wrapping), Home and End go to the first and the last.
 */
function VerdictChoices({ deciding, onVerdict }: { deciding: boolean; onVerdict: (choice: BattleChoice) => void }) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const last = CHOICES.length - 1;
    const next = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowDown: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      ArrowUp: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  return (
    <div role="toolbar" aria-label={BATTLE_TEXTS.verdictLegend} onKeyDown={onKeyDown} className="mt-3 flex flex-wrap gap-2">
      {CHOICES.map((choice, index) => (
        <button
          key={choice}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          tabIndex={index === current ? 0 : -1}
          disabled={deciding}
          onFocus={() => setCurrent(index)}
          onClick={() => onVerdict(choice)}
          className="rounded-full border border-zinc-300 bg-white px-3.5 py-1.5 text-sm font-semibold text-zinc-800 hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
        >
          {BATTLE_TEXTS.choices[choice]}
        </button>
      ))}
    </div>
  );
}
