import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { useNavigate } from "@tanstack/react-router";
import type { RouterOutputs } from "@parley/api";
import { ArrowUpIcon, StopIcon } from "./chat-icons";
import { matchPrompts, PICKER_ID, pickerOptionId, PromptPicker } from "./prompt-picker";
import { usePromptUse, type PromptUse } from "./prompt-use";
import { PromptVariablesForm } from "./prompt-variables-form";
import { CHAT_TEXTS } from "./texts";

/** The prompt dropdown's last option: it opens the prompt library. */
const LIBRARY_OPTION = "library";

type Options = RouterOutputs["chat"]["options"];

/** Models grouped by service; the group label is the service in upper case, 'OTHER' without one. */
export function groupByService(models: Options["userModels"]) {
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
  streaming: boolean;
  /** Sends, with the library prompt the text came from; a send that answers false was refused before it was stored, and its text comes back to the box. */
  onSend: (text: string, use: PromptUse | null) => void | Promise<boolean>;
  /** A library prompt to start from ('Use in chat' on a prompt's page), once. */
  startPromptId?: number | null;
  onStop: () => void;
  /** Comparing models: the toggle beside the model picker, the models chosen above it, and whether the send has its models. */
  compare?: { toggle: ReactNode; picker: ReactNode; ready: boolean } | null;
};

const MAX_INPUT_PX = 208;
/**
 * The model and prompt dropdowns. On a narrow screen they share the row with the Compare and
 * Battle toggles and Send: without a least width they shrank to their arrow's padding there and
 * showed blank, so each keeps room for the start of its choice and the row wraps instead.
 */
const PILL =
  "h-8 min-w-[8.5rem] max-w-[11rem] flex-1 truncate rounded-full border border-zinc-200 bg-zinc-50 pr-7 pl-3 text-xs font-medium text-zinc-700 hover:bg-zinc-100 sm:flex-none sm:text-sm dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700";

/** A message box holding `/` and what follows on one line asks for the prompt picker. */
const PICKER_QUERY = /^\/([^\n]*)$/;

/**
 * The input area: message box, model and prompt pickers, send and stop. A prompt comes from the
 * dropdown, from `/` at the start of an empty message, or from the prompt's page.
 */
export function Composer({
  options,
  modelId,
  onModelChange,
  promptId,
  onPromptChange,
  busy,
  streaming,
  onSend,
  onStop,
  compare,
  startPromptId = null,
}: ComposerProps) {
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const blank = text.trim() === "";
  const write = useCallback((filled: string) => {
    setText(filled);
    input.current?.focus();
  }, []);
  const prompts = usePromptUse({ write, onBuiltin: onPromptChange });
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const query = PICKER_QUERY.exec(text)?.[1];
  const picking = query !== undefined && !dismissed && !prompts.filling;
  const matches = picking ? matchPrompts(options?.userPrompts ?? [], query) : [];
  const started = useRef<number | null>(null);
  const { choose } = prompts;
  useEffect(() => {
    if (!startPromptId || started.current === startPromptId) return;
    started.current = startPromptId;
    void choose(startPromptId);
  }, [startPromptId, choose]);

  /**
   * A prompt chosen in the dropdown or the picker: a built-in one is the system prompt (the list
   * says which are, so nothing more is asked), a library one fills the box.
   */
  const navigate = useNavigate();
  const choosePrompt = (id: number | null) => {
    prompts.clear();
    if (id !== null && options?.userPrompts.find((prompt) => prompt.id === id)?.builtin) return onPromptChange(id);
    onPromptChange(null);
    if (id !== null) void choose(id);
  };
  const pick = (id: number) => {
    setText("");
    setActive(0);
    choosePrompt(id);
  };
  const onTextChange = (value: string) => {
    setText(value);
    setActive(0);
    if (value === "") setDismissed(false);
    if (value.trim() === "") prompts.clear();
  };
  // No model yet (the options are still loading): nothing to send to.
  const ready = compare?.picker ? compare.ready : modelId !== "";

  // The box grows with its text up to a limit, then scrolls.
  useLayoutEffect(() => {
    const element = input.current;
    if (!element) return;
    element.style.height = "auto";
    element.style.height = `${Math.min(element.scrollHeight, MAX_INPUT_PX)}px`;
  }, [text]);

  const send = () => {
    if (blank || busy || !ready) return;
    const sent = text.trim();
    const use = prompts.use;
    setText("");
    prompts.clear();
    void Promise.resolve(onSend(sent, use)).then((stored) => {
      // Refused (the allowance, or the network, say): what was typed is not lost, nor the prompt it
      // came from (the retry records it), unless something new was typed meanwhile.
      if (stored !== false || (input.current?.value ?? "") !== "") return;
      setText(sent);
      prompts.restore(use);
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  // Enter sends; Shift+Enter adds a new line. Not while an input method composes a word.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picking && onPickerKey(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  // The picker's keys: ↑/↓ move, Enter picks, Escape closes; answers whether the key was the picker's.
  const onPickerKey = (event: KeyboardEvent<HTMLElement>) => {
    const last = matches.length - 1;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (last < 0) return false;
      event.preventDefault();
      setActive((current) => (event.key === "ArrowDown" ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1));
      return true;
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing && matches[active]) {
      event.preventDefault();
      pick(matches[active].id);
      return true;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      setDismissed(true);
      return true;
    }
    return false;
  };

  return (
    <form onSubmit={onSubmit} className="shrink-0 px-3 pt-2 pb-3 sm:px-6 sm:pb-4">
      <div className="mx-auto max-w-3xl">
        <div className="rounded-[1.6rem] border border-zinc-300 bg-white shadow-sm transition focus-within:border-zinc-400 focus-within:shadow-md dark:border-zinc-700 dark:bg-zinc-900 dark:focus-within:border-zinc-500">
          {compare?.picker}
          {picking && (
            <PromptPicker
              matches={matches}
              active={Math.min(active, Math.max(0, matches.length - 1))}
              onPick={pick}
              // In the list, the picker's keys work as in the box; picking or closing goes back to the box.
              onKeyDown={(event) => {
                if (onPickerKey(event) && (event.key === "Enter" || event.key === "Escape")) input.current?.focus();
              }}
            />
          )}
          {prompts.filling && <PromptVariablesForm key={prompts.filling.id} prompt={prompts.filling} onFill={prompts.fill} onCancel={prompts.cancel} />}
          {prompts.error && (
            <p role="alert" className="mx-4 mt-2 text-xs text-red-700 dark:text-red-300">
              {prompts.error}
            </p>
          )}
          <label className="sr-only" htmlFor="chat-input">
            Message
          </label>
          <textarea
            ref={input}
            id="chat-input"
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            onKeyDown={onKeyDown}
            aria-controls={picking && matches.length > 0 ? PICKER_ID : undefined}
            aria-activedescendant={picking && matches.length > 0 ? pickerOptionId(Math.min(active, matches.length - 1)) : undefined}
            aria-describedby="chat-input-hint"
            placeholder={CHAT_TEXTS.placeholder}
            rows={1}
            enterKeyHint="send"
            className="block max-h-52 min-h-[3.25rem] w-full resize-none bg-transparent px-4 pt-3.5 pb-1 text-[0.95rem] leading-6 text-zinc-900 placeholder:text-zinc-500 focus:outline-none dark:text-zinc-50 dark:placeholder:text-zinc-400"
          />
          <div className="flex flex-wrap items-center gap-2 px-2.5 pb-2.5">
            <label className="sr-only" htmlFor="chat-model">
              Model
            </label>
            <select id="chat-model" value={modelId} onChange={(event) => onModelChange(event.target.value)} className={PILL} hidden={Boolean(compare?.picker)}>
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
            {compare?.toggle}
            <label className="sr-only" htmlFor="chat-prompt">
              Prompt
            </label>
            <select
              id="chat-prompt"
              value={prompts.use?.promptId ?? promptId ?? ""}
              onChange={(event) => {
                // The last option leads to the prompt library, where prompts are written and found.
                if (event.target.value === LIBRARY_OPTION) void navigate({ to: "/prompts" });
                else choosePrompt(event.target.value ? Number(event.target.value) : null);
              }}
              className={PILL}
            >
              <option value="">Select prompt</option>
              {(options?.userPrompts ?? []).map((prompt) => (
                <option key={prompt.id} value={prompt.id} title={prompt.prompt}>
                  {prompt.name}
                </option>
              ))}
              {/* Once the prompts are in: an option that is there before them would be taken for the first prompt. */}
              {options && <option value={LIBRARY_OPTION}>{CHAT_TEXTS.openPromptLibrary}</option>}
            </select>
            <div className="ml-auto shrink-0">
              {streaming ? (
                <button
                  type="button"
                  onClick={onStop}
                  aria-label="Stop"
                  title="Stop the reply"
                  className="inline-flex size-9 items-center justify-center rounded-full bg-zinc-900 text-white hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
                >
                  <StopIcon />
                </button>
              ) : (
                <button
                  type="submit"
                  disabled={blank || busy || !ready}
                  aria-label="Send message"
                  title="Send (Enter)"
                  className="inline-flex size-9 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-zinc-200 disabled:text-zinc-400 disabled:shadow-none dark:disabled:bg-zinc-700 dark:disabled:text-zinc-500"
                >
                  <ArrowUpIcon className="size-[1.15rem]" />
                </button>
              )}
            </div>
          </div>
        </div>
        <p id="chat-input-hint" className="mt-2 hidden text-center text-xs text-zinc-500 sm:block dark:text-zinc-400">
          Enter sends · Shift+Enter adds a line · / picks a prompt · Replies can be wrong: check what matters.
        </p>
      </div>
    </form>
  );
}
