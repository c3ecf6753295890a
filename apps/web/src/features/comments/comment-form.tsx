import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { LIMITS } from "@parley/contracts";
import { SendIcon } from "../../components/action-icons";
import { buttonClass } from "../../components/button-styles";
import { COMMENT_TEXTS } from "./texts";

/**
 * The comment box: send is off while sending or while the text is blank. The text
 * is cleared when it is sent and comes back if sending fails, so nothing typed is lost.
 */
export function CommentForm({
  sending,
  onSend,
  label = COMMENT_TEXTS.inputLabel,
  placeholder = COMMENT_TEXTS.placeholder,
}: {
  sending: boolean;
  onSend: (content: string) => Promise<boolean>;
  label?: string;
  placeholder?: string;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const blank = text.trim() === "";

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || sending) return;
    const content = text.trim();
    setText("");
    if (!(await onSend(content))) setText((current) => current || content);
  };
  // Ctrl/⌘+Enter sends; Enter alone starts a new line, comments can have paragraphs.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void send();
  };

  return (
    <form onSubmit={(event) => void send(event)} className="flex items-end gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        maxLength={LIMITS.comment}
        rows={2}
        className="min-h-11 flex-1 resize-y rounded-2xl border border-zinc-300 bg-white px-4 py-2.5 text-[0.95rem] text-zinc-900 placeholder:text-zinc-500 focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:placeholder:text-zinc-400"
      />
      <button type="submit" disabled={blank || sending} className={buttonClass("primary", "md", "shrink-0")}>
        <SendIcon className="size-4" />
        <span>{COMMENT_TEXTS.send}</span>
      </button>
    </form>
  );
}
