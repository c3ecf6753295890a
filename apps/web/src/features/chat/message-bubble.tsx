import { memo } from "react";
import { avatarEmojiFor } from "@parley/contracts";
import { Markdown } from "../../lib/markdown/markdown";
import { localTime, type UiMessage } from "./messages";

/** One message: avatar, sender name, local time and markdown content (spec §2 chat window). */
export const MessageBubble = memo(function MessageBubble({ message, typing = false }: { message: UiMessage; typing?: boolean }) {
  return (
    <article className={`flex gap-3 ${message.isUser ? "flex-row-reverse" : ""}`} aria-label={`${message.user} said`}>
      <span
        aria-hidden="true"
        className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full text-lg ${
          message.isUser ? "bg-brand-100 dark:bg-brand-950" : "bg-gradient-to-br from-fuchsia-100 to-brand-100 dark:from-fuchsia-950 dark:to-brand-950"
        }`}
      >
        {message.isUser ? avatarEmojiFor(message.user) : "✨"}
      </span>
      <div className={`min-w-0 max-w-[85%] ${message.isUser ? "items-end text-right" : ""} flex flex-col`}>
        <div className="mb-1 flex items-baseline gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="font-semibold text-zinc-700 dark:text-zinc-200">{message.user}</span>
          {message.timestamp && <time dateTime={message.timestamp}>{localTime(message.timestamp)}</time>}
        </div>
        <div
          className={`rounded-2xl px-4 py-3 text-left text-[0.95rem] ${
            message.isUser
              ? "bg-brand-600 text-white [&_a]:text-white"
              : "border border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
          }`}
        >
          {message.content ? <Markdown>{message.content}</Markdown> : null}
          {typing && (
            <span className="typing-dots mt-1 inline-flex gap-1" role="status" aria-label="The model is typing">
              <span />
              <span />
              <span />
            </span>
          )}
          {message.note && <p className="mt-2 text-sm font-medium text-red-600 dark:text-red-400">{message.note}</p>}
        </div>
      </div>
    </article>
  );
});
