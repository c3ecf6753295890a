import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { PromptDetail } from "@parley/contracts";

/**
 * The small form a prompt with `{{variables}}` opens before its text goes into the message box:
 * one field per variable, its default filled in. Not a <form>: it sits inside the composer's.
 */
export function PromptVariablesForm({
  prompt,
  onFill,
  onCancel,
}: {
  prompt: PromptDetail;
  onFill: (values: Record<string, string>) => string[];
  onCancel: () => void;
}) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(prompt.variables.map((v) => [v.name, v.default ?? ""])));
  const [missing, setMissing] = useState<string[]>([]);
  useEffect(() => first.current?.focus(), []);

  const insert = () => setMissing(onFill(values));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      insert();
    } else if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      onKeyDown={onKeyDown}
      className="mx-3 mt-3 rounded-2xl border border-brand-200 bg-brand-50/60 p-3 dark:border-brand-900 dark:bg-brand-950/40"
    >
      <p id={`${id}-title`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Fill in “{prompt.name}”
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {prompt.variables.map((variable, index) => (
          <label key={variable.name} className="flex flex-col gap-1 text-xs font-medium text-zinc-800 dark:text-zinc-200">
            {variable.name}
            <input
              ref={index === 0 ? first : undefined}
              value={values[variable.name] ?? ""}
              onChange={(event) => setValues((current) => ({ ...current, [variable.name]: event.target.value }))}
              aria-invalid={missing.includes(variable.name)}
              className="h-9 rounded-lg border border-zinc-300 bg-white px-2.5 text-sm font-normal text-zinc-900 focus:border-brand-500 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
            />
          </label>
        ))}
      </div>
      {missing.length > 0 && (
        <p role="alert" className="mt-2 text-xs text-red-700 dark:text-red-300">
          Fill in {missing.join(", ")} first.
        </p>
      )}
      <div className="mt-3 flex justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="h-8 rounded-full px-3 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          Cancel
        </button>
        <button type="button" onClick={insert} className="h-8 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700">
          Use prompt
        </button>
      </div>
    </div>
  );
}
