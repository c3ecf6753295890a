import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { BRANCH_TEXTS, useBranchActions } from "./branch-actions";
import { BranchSwitcher } from "./branch-switcher";
import type { UiMessage } from "./messages";

const ACTION =
  "rounded-full px-2 py-0.5 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-40 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50";

/**
 * The owner's own message with its version switcher and an Edit button; editing replaces the
 * bubble with a box where Enter sends the new version, Shift+Enter adds a line and Escape cancels.
 */
export function EditableMessage({ message, children }: { message: UiMessage; children: ReactNode }) {
  const actions = useBranchActions();
  const [editing, setEditing] = useState(false);
  const exchange = message.exchange;
  if (!actions || !exchange) return <>{children}</>;
  if (editing) {
    return (
      <MessageEditor
        initial={message.content}
        onCancel={() => setEditing(false)}
        onSend={(text) => {
          setEditing(false);
          actions.edit(exchange.entryId, text);
        }}
      />
    );
  }
  return (
    <>
      {children}
      <div className="flex items-center gap-1">
        {exchange.siblings && <BranchSwitcher siblings={exchange.siblings} />}
        <button type="button" className={ACTION} disabled={actions.busy} onClick={() => setEditing(true)}>
          {BRANCH_TEXTS.edit}
        </button>
      </div>
    </>
  );
}

function MessageEditor({ initial, onSend, onCancel }: { initial: string; onSend: (text: string) => void; onCancel: () => void }) {
  const [text, setText] = useState(initial);
  const box = useRef<HTMLTextAreaElement>(null);
  const blank = text.trim() === "";
  const hintId = useId();
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = "auto";
    element.style.height = `${Math.min(element.scrollHeight, 320)}px`;
  }, [text]);
  useLayoutEffect(() => {
    box.current?.focus();
    box.current?.setSelectionRange(initial.length, initial.length);
  }, [initial]);
  const send = () => {
    if (!blank) onSend(text.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <form
      className="flex w-full max-w-[88%] flex-col gap-2 sm:max-w-[80%]"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        ref={box}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-label={BRANCH_TEXTS.editLabel}
        aria-describedby={hintId}
        rows={2}
        className="w-full resize-none rounded-2xl border border-zinc-300 bg-white px-4 py-2.5 text-zinc-900 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-50"
      />
      <div className="flex items-center justify-end gap-2">
        <span id={hintId} className="mr-auto text-xs text-zinc-600 dark:text-zinc-400">
          {BRANCH_TEXTS.editHint}
        </span>
        <button
          type="button"
          onClick={onCancel}
          className="rounded-full px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          {BRANCH_TEXTS.cancel}
        </button>
        <button
          type="submit"
          disabled={blank}
          className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {BRANCH_TEXTS.saveEdit}
        </button>
      </div>
    </form>
  );
}
