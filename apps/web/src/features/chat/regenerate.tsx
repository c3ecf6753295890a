import { useId, useState } from "react";
import { BRANCH_TEXTS, useBranchActions } from "./branch-actions";
import type { UiMessage } from "./messages";

const ACTION =
  "rounded-full px-2 py-0.5 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-40 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50";

/** Under a reply: ask for another reply to the same message, on the model chosen here. */
export function RegenerateControl({ message }: { message: UiMessage }) {
  const actions = useBranchActions();
  const [choosing, setChoosing] = useState(false);
  const [modelId, setModelId] = useState("");
  const selectId = useId();
  const exchange = message.exchange;
  if (!actions || !exchange) return null;
  const chosen = modelId || (actions.models.some((m) => m.id === exchange.modelId) ? exchange.modelId! : actions.defaultModelId);
  if (!choosing) {
    return (
      <div className="mt-1.5 flex items-center gap-1">
        <button type="button" className={ACTION} disabled={actions.busy} onClick={() => setChoosing(true)}>
          {BRANCH_TEXTS.regenerate}
        </button>
      </div>
    );
  }
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs">
      <label htmlFor={selectId} className="text-zinc-600 dark:text-zinc-300">
        {BRANCH_TEXTS.regenerateModel}
      </label>
      <select
        id={selectId}
        value={chosen}
        onChange={(event) => setModelId(event.target.value)}
        className="h-7 rounded-full border border-zinc-200 bg-zinc-50 px-2 text-xs dark:border-zinc-700 dark:bg-zinc-800"
      >
        {actions.models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={actions.busy || !chosen}
        onClick={() => {
          setChoosing(false);
          actions.regenerate(exchange.entryId, exchange.message, chosen);
        }}
        className="rounded-full bg-brand-600 px-3 py-1 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
      >
        {BRANCH_TEXTS.regenerateReply}
      </button>
      <button type="button" className={ACTION} onClick={() => setChoosing(false)}>
        {BRANCH_TEXTS.cancel}
      </button>
    </div>
  );
}
