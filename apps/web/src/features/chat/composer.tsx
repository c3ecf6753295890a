import { useState, type FormEvent, type KeyboardEvent } from "react";
import type { RouterOutputs } from "@parley/api";
import { buttonClass } from "../../components/button-styles";
import { CHAT_TEXTS } from "./texts";

type Options = RouterOutputs["chat"]["options"];

/** Models grouped by service; the group label is the service in upper case, 'OTHER' without one (spec §2). */
function groupByService(models: Options["userModels"]) {
  const groups = new Map<string, Options["userModels"]>();
  for (const model of models) {
    const label = model.service ? model.service.toUpperCase() : "OTHER";
    groups.set(label, [...(groups.get(label) ?? []), model]);
  }
  return [...groups.entries()];
}

type ComposerProps = {
  options: Options | undefined;
  modelId: string;
  onModelChange: (id: string) => void;
  promptId: number | null;
  onPromptChange: (id: number | null) => void;
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
};

/** The input area: message box, model and prompt pickers, send and stop (spec §2, §4). */
export function Composer({ options, modelId, onModelChange, promptId, onPromptChange, busy, onSend, onStop }: ComposerProps) {
  const [text, setText] = useState("");
  const blank = text.trim() === "";
  // No model yet (the options are still loading): nothing to send to.
  const ready = modelId !== "";

  const send = () => {
    if (blank || busy || !ready) return;
    onSend(text.trim());
    setText("");
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  // Enter sends; Shift+Enter adds a new line (spec §4).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-zinc-200 bg-white/90 px-4 py-3 backdrop-blur sm:px-6 dark:border-zinc-800 dark:bg-zinc-950/90">
      <div className="mx-auto flex max-w-3xl flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <label className="sr-only" htmlFor="chat-model">
            Model
          </label>
          <select
            id="chat-model"
            value={modelId}
            onChange={(event) => onModelChange(event.target.value)}
            className="h-9 max-w-[16rem] rounded-lg border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            {!options && <option value="">Loading models…</option>}
            {groupByService(options?.userModels ?? []).map(([label, models]) => (
              <optgroup key={label} label={label}>
                {models.map((model) => (
                  <option key={model.id} value={model.id}>
                    {model.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <label className="sr-only" htmlFor="chat-prompt">
            Prompt
          </label>
          <select
            id="chat-prompt"
            value={promptId ?? ""}
            onChange={(event) => onPromptChange(event.target.value ? Number(event.target.value) : null)}
            className="h-9 max-w-[14rem] rounded-lg border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            <option value="">Select prompt</option>
            {(options?.userPrompts ?? []).map((prompt) => (
              <option key={prompt.id} value={prompt.id} title={prompt.prompt}>
                {prompt.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2">
          <label className="sr-only" htmlFor="chat-input">
            Message
          </label>
          <textarea
            id="chat-input"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={CHAT_TEXTS.placeholder}
            rows={2}
            className="max-h-48 min-h-[3rem] flex-1 resize-y rounded-xl border border-zinc-300 bg-white px-3 py-2 text-[0.95rem] dark:border-zinc-700 dark:bg-zinc-900"
          />
          {busy ? (
            <button type="button" onClick={onStop} className={buttonClass("secondary", "md")}>
              Stop
            </button>
          ) : (
            <button type="submit" disabled={blank || !ready} className={buttonClass("primary", "md")} aria-label="Send message">
              Send
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
