import { Link } from "@tanstack/react-router";
import type { RouterOutputs } from "@parley/api";
import { COMPARE_LIMITS, COMPARE_TEXTS } from "./texts";

type Model = RouterOutputs["chat"]["options"]["userModels"][number];

/** The 'Compare' toggle shown next to the model picker. */
export function CompareToggle({ on, onChange, disabled }: { on: boolean; onChange: (on: boolean) => void; disabled: boolean }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      disabled={disabled}
      onClick={() => onChange(!on)}
      className={`h-8 shrink-0 rounded-full border px-3 text-xs font-semibold sm:text-sm ${
        on
          ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
          : "border-zinc-200 bg-zinc-50 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700"
      } disabled:opacity-50`}
    >
      {COMPARE_TEXTS.toggle}
    </button>
  );
}

/**
 * The models of a new comparison (2 to 4, any mix of services), or the fixed models of a
 * comparison being continued.
 */
export function ComparePicker({
  models,
  chosen,
  onChange,
  fixed,
  modelName,
}: {
  models: Model[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  fixed: boolean;
  modelName: (id: string) => string;
}) {
  if (fixed) return <p className="px-4 pt-2 text-xs text-zinc-600 dark:text-zinc-400">{COMPARE_TEXTS.following(chosen.map(modelName).join(", "))}</p>;
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...chosen, id] : chosen.filter((c) => c !== id));
  return (
    <fieldset className="px-4 pt-2">
      <legend className="text-xs font-semibold text-zinc-700 dark:text-zinc-200">{COMPARE_TEXTS.pickerLegend}</legend>
      {models.length < COMPARE_LIMITS.min ? (
        <TooFewModels intro={COMPARE_TEXTS.tooFewModels(models.length)} />
      ) : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{COMPARE_TEXTS.pickHint(COMPARE_LIMITS.min, COMPARE_LIMITS.max)}</p>
      )}
      <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1">
        {models.map((model) => {
          const checked = chosen.includes(model.id);
          return (
            <label key={model.id} className="inline-flex items-center gap-1.5 text-sm text-zinc-800 dark:text-zinc-100">
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && chosen.length >= COMPARE_LIMITS.max}
                onChange={(event) => toggle(model.id, event.target.checked)}
              />
              {model.name}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

const LINK = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300";

/**
 * With fewer than two usable models there is nothing to compare (or battle) yet: `intro` says
 * so, then what would add models.
 */
export function TooFewModels({ intro }: { intro: string }) {
  return (
    <div
      role="note"
      className="mt-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
    >
      <p>{intro}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        <li>
          <Link to="/admin" search={{ tab: "api" }} className={LINK}>
            {COMPARE_TEXTS.addOwnKeys}
          </Link>
          {COMPARE_TEXTS.addOwnKeysAfter}
        </li>
        <li>
          {COMPARE_TEXTS.addOllamaBefore}
          <a href="https://ollama.com/download" target="_blank" rel="noreferrer" className={LINK}>
            Ollama
          </a>
          {COMPARE_TEXTS.addOllamaAfter}
        </li>
        <li>
          {COMPARE_TEXTS.addModelsFileBefore}
          <code>MODELS_FILE</code>
          {COMPARE_TEXTS.addModelsFileAfter}
        </li>
      </ul>
    </div>
  );
}
