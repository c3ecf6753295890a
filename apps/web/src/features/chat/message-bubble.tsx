import { memo } from "react";
import { DeferredMarkdown } from "../../lib/markdown/deferred-markdown";
import { SparkIcon } from "../../components/action-icons";
import { answerElementId } from "@parley/contracts";
import { AnswerLinkButton } from "../../components/answer-link-button";
import { Avatar, pictureAvatar } from "../../components/avatar";
import { LANDED_CLASSES } from "../../lib/answers/use-answer-target";
import { localTime } from "../../lib/time";
import { EditableMessage } from "./message-edit";
import type { UiMessage } from "./messages";
import { RegenerateControl } from "./regenerate";
import { DEFAULT_USER_LABEL } from "./texts";
import "./chat.css";

/** The signed-in person, whose messages carry their picture or name emoji. */
export type Me = { name: string; picture: string };

/** The signed-in person's own messages show their picture or name emoji; others the emoji of the sender's name. */
function senderAvatar(label: string, me: Me): string {
  return label === DEFAULT_USER_LABEL ? pictureAvatar(me.picture, me.name || label) : "";
}

const AiAvatar = () => (
  <span
    aria-hidden="true"
    className="inline-flex size-7 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-fuchsia-500 text-white shadow-sm"
  >
    <SparkIcon className="size-4" />
  </span>
);

function Stamp({ timestamp }: { timestamp: string }) {
  return timestamp ? (
    <time dateTime={timestamp} className="text-zinc-500 dark:text-zinc-400">
      {localTime(timestamp)}
    </time>
  ) : null;
}

/**
 * One message: avatar, sender name, local time and markdown content. The
 * person's messages sit on the right in a bubble; replies read as plain text across the column.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  me,
  typing = false,
  landed = false,
}: {
  message: UiMessage;
  me: Me;
  typing?: boolean;
  /** The answer a link to one answer opened the page at. */ landed?: boolean;
}) {
  if (message.isUser) {
    return (
      <article aria-label={`${message.user} said`} className="flex flex-col items-end gap-1.5">
        <header className="flex items-center gap-2 text-xs">
          <Stamp timestamp={message.timestamp} />
          <span className="font-semibold text-zinc-800 dark:text-zinc-100">{message.user}</span>
          <Avatar avatar={senderAvatar(message.user, me)} username={message.user} size="xs" />
        </header>
        <EditableMessage message={message}>
          <div className="max-w-[88%] rounded-3xl rounded-tr-md bg-zinc-100 px-4 py-2.5 text-zinc-900 sm:max-w-[80%] dark:bg-zinc-800 dark:text-zinc-50">
            <DeferredMarkdown>{message.content}</DeferredMarkdown>
          </div>
        </EditableMessage>
      </article>
    );
  }
  const answer = message.answer;
  return (
    <article
      aria-label={`${message.user} said`}
      {...(answer ? { id: answerElementId(answer.key), tabIndex: -1, "aria-current": landed ? ("location" as const) : undefined } : {})}
      className={`group flex flex-col gap-1.5 rounded-2xl outline-none ${landed ? LANDED_CLASSES : ""}`}
    >
      <header className="flex items-center gap-2 text-xs">
        <AiAvatar />
        <span className="font-semibold text-zinc-800 dark:text-zinc-100">{message.user}</span>
        <Stamp timestamp={message.timestamp} />
        {answer && <AnswerLinkButton answer={answer.key} label={answer.label} />}
      </header>
      <div className="min-w-0 text-zinc-900 sm:pl-9 dark:text-zinc-100">
        {message.content ? <DeferredMarkdown>{message.content}</DeferredMarkdown> : null}
        {typing && (
          <span className="typing-dots mt-2 inline-flex gap-1 text-zinc-500" role="status" aria-label="The model is typing">
            <span />
            <span />
            <span />
          </span>
        )}
        {message.note && (
          <p
            className={`mt-2 inline-block rounded-lg border px-3 py-1.5 text-sm font-medium ${
              message.noteTone === "info"
                ? "border-zinc-200 bg-zinc-50 text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
                : "border-red-200 bg-red-50 text-red-700 dark:border-red-900 dark:bg-red-950/60 dark:text-red-300"
            }`}
          >
            {message.note}
          </p>
        )}
        {!typing && <RegenerateControl message={message} />}
      </div>
    </article>
  );
});
