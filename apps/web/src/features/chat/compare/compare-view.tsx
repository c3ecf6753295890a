import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { RouterOutputs } from "@parley/api";
import { DeferredMarkdown } from "../../../lib/markdown/deferred-markdown";
import { StopIcon } from "../chat-icons";
import { CHAT_TEXTS } from "../texts";
import { COMPARE_TEXTS } from "./texts";
import type { LiveColumn, LiveTurn } from "../streaming-store";

type StoredColumns = RouterOutputs["chat"]["compareColumns"]["columns"];

type Turn = {
  key: string;
  message: string;
  reply: string;
  status: LiveColumn["status"] | "pending";
  error?: string | null;
  usage?: { input_tokens: number; output_tokens: number };
};
type Column = { column: number; modelId: string; turns: Turn[]; streaming: boolean; available: boolean };

type CompareViewProps = {
  modelIds: string[];
  stored: StoredColumns | undefined;
  live: LiveTurn | null;
  modelName: (id: string) => string;
  onStopColumn: (column: number) => void;
  onPickWinner: ((column: number) => void) | null;
  picking: boolean;
};

const WIDE_QUERY = "(min-width: 768px)";
/**
 * A column's least width: four fit side by side in the centre at 1280 px (the options panel
 * folds away while comparing); narrower, the columns scroll sideways.
 */
const MIN_COLUMN = "13rem";

function useWide() {
  const [wide, setWide] = useState(() => typeof window === "undefined" || window.matchMedia(WIDE_QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(WIDE_QUERY);
    const onChange = () => setWide(media.matches);
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);
  return wide;
}

/** Each column's stored turns, then the turn streaming now. */
function columnsOf(modelIds: string[], stored: StoredColumns | undefined, live: LiveTurn | null): Column[] {
  return modelIds.map((modelId, column) => {
    const turns: Turn[] = (stored?.[column]?.turns ?? []).map((turn) => ({
      key: String(turn.id),
      message: turn.message_content,
      reply: turn.response_content,
      status: turn.status as Turn["status"],
      error: turn.error,
      usage: turn.usage,
    }));
    const now = live?.columns[column];
    if (live && now) turns.push({ key: "live", message: live.message, reply: now.text, status: now.status, error: now.error, usage: now.usage });
    return { column, modelId, turns, streaming: now?.status === "streaming", available: stored?.[column]?.available ?? true };
  });
}

/**
 * A comparison: one column per model, side by side on wide screens and as tabs on small ones.
 * Each column shows its model, its turns, its own Stop, errors and token usage, and a
 * 'Continue with this model' action.
 */
export function CompareView({ modelIds, stored, live, modelName, onStopColumn, onPickWinner, picking }: CompareViewProps) {
  const wide = useWide();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const columns = columnsOf(modelIds, stored, live);
  const current = Math.min(selected, columns.length - 1);

  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (current + step + columns.length) % columns.length;
    setSelected(next);
    tabs.current[next]?.focus();
  };

  const panel = (column: Column) => (
    <ColumnPanel column={column} name={modelName(column.modelId)} onStop={() => onStopColumn(column.column)} onPickWinner={onPickWinner} picking={picking} />
  );

  if (wide) {
    return (
      <div className="min-h-0 flex-1 overflow-x-auto overflow-y-auto px-3 py-4 sm:px-6">
        <div className="grid min-w-full gap-4" style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(${MIN_COLUMN}, 1fr))` }}>
          {columns.map((column) => (
            <section key={column.column} aria-label={`${modelName(column.modelId)} (column ${column.column + 1})`} className="min-w-0">
              {panel(column)}
            </section>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        role="tablist"
        aria-label={COMPARE_TEXTS.tabsLabel}
        className="flex shrink-0 gap-1 overflow-x-auto border-b border-zinc-200 px-3 dark:border-zinc-800"
        onKeyDown={onTabKey}
      >
        {columns.map((column, index) => (
          <button
            key={column.column}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === current}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === current ? 0 : -1}
            onClick={() => setSelected(index)}
            className={`shrink-0 border-b-2 px-3 py-2 text-sm font-medium ${
              index === current ? "border-brand-600 text-zinc-900 dark:text-zinc-50" : "border-transparent text-zinc-600 dark:text-zinc-400"
            }`}
          >
            {modelName(column.modelId)}
            {column.streaming && <span className="sr-only"> (replying)</span>}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${current}`}
        aria-labelledby={`${baseId}-tab-${current}`}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-4"
      >
        {columns[current] && panel(columns[current])}
      </div>
    </div>
  );
}

function ColumnPanel({
  column,
  name,
  onStop,
  onPickWinner,
  picking,
}: {
  column: Column;
  name: string;
  onStop: () => void;
  onPickWinner: ((column: number) => void) | null;
  picking: boolean;
}) {
  const usage = column.turns.reduce((sum, turn) => sum + (turn.usage ? turn.usage.input_tokens + turn.usage.output_tokens : 0), 0);
  return (
    <div
      className="flex h-full flex-col gap-3 rounded-2xl border border-zinc-200 bg-zinc-50/60 p-3 dark:border-zinc-800 dark:bg-zinc-900/40"
      data-testid="compare-column"
    >
      <header className="flex items-center gap-2">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-zinc-900 dark:text-zinc-50">{name}</h2>
        {!column.available && (
          <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {COMPARE_TEXTS.unavailableBadge}
          </span>
        )}
        {column.streaming ? (
          <button
            type="button"
            onClick={onStop}
            aria-label={`Stop ${name}`}
            title={`Stop ${name}`}
            className="inline-flex size-7 items-center justify-center rounded-full bg-zinc-900 text-white hover:bg-zinc-700 dark:bg-white dark:text-zinc-900"
          >
            <StopIcon />
          </button>
        ) : (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{COMPARE_TEXTS.tokens(usage)}</span>
        )}
      </header>
      {!column.available && <p className="text-xs text-zinc-600 dark:text-zinc-400">{COMPARE_TEXTS.unavailableColumn}</p>}
      {column.turns.map((turn) => (
        <div key={turn.key} className="space-y-2">
          <p className="ml-auto w-fit max-w-[90%] rounded-2xl rounded-tr-md bg-zinc-100 px-3 py-2 text-sm text-zinc-900 dark:bg-zinc-800 dark:text-zinc-50">
            {turn.message}
          </p>
          <div
            className="min-w-0 text-sm text-zinc-900 dark:text-zinc-100"
            aria-live={turn.status === "streaming" ? "polite" : undefined}
            aria-busy={turn.status === "streaming"}
          >
            {turn.reply ? <DeferredMarkdown>{turn.reply}</DeferredMarkdown> : null}
            {(turn.status === "streaming" || turn.status === "pending") && !turn.reply && (
              <p className="text-zinc-600 dark:text-zinc-400">{COMPARE_TEXTS.waiting}</p>
            )}
            {turn.status === "error" && (
              <p
                role="alert"
                className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-1.5 text-sm font-medium text-red-700 dark:border-red-900 dark:bg-red-950/60 dark:text-red-300"
              >
                {CHAT_TEXTS.sendFailed}
                {turn.error ? `: ${COMPARE_TEXTS.errorOf(turn.error)}` : ""}
              </p>
            )}
            {turn.status === "stopped" && <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{CHAT_TEXTS.stopped}</p>}
          </div>
        </div>
      ))}
      {onPickWinner && column.available && column.turns.length > 0 && (
        <button
          type="button"
          disabled={picking || column.streaming}
          onClick={() => onPickWinner(column.column)}
          className="mt-auto self-start rounded-full border border-zinc-300 px-3 py-1.5 text-xs font-semibold text-zinc-800 hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800"
          aria-label={`${COMPARE_TEXTS.continueWith} (${name})`}
        >
          {COMPARE_TEXTS.continueWith}
        </button>
      )}
    </div>
  );
}
