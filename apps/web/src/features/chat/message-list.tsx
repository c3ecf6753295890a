import { useEffect, useRef, useState } from "react";
import { MessageBubble } from "./message-bubble";
import type { UiMessage } from "./messages";
import { useStreaming, type StreamingStore } from "./streaming-store";
import { CHAT_TEXTS, DEFAULT_USER_LABEL } from "./texts";

/** How far from the bottom still counts as "at the bottom" (spec §4: 100 px). */
const STICKY_PX = 100;
/** Messages rendered at first; older ones are paged in on request, so long chats open fast. */
const PAGE = 60;

/**
 * The conversation, oldest first, then the reply being written. It keeps to the bottom while
 * new text arrives unless the reader scrolled up to read.
 */
export function MessageList({ messages, streaming, aiName }: { messages: UiMessage[]; streaming: StreamingStore; aiName: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const sticky = useRef(true);
  const [shown, setShown] = useState(PAGE);
  const hidden = Math.max(0, messages.length - shown);
  const visible = hidden > 0 ? messages.slice(hidden) : messages;

  /** Pages older messages in and keeps the reader's place. */
  const showEarlier = () => {
    const element = scroller.current;
    const fromBottom = element ? element.scrollHeight - element.scrollTop : 0;
    setShown((count) => count + PAGE);
    requestAnimationFrame(() => {
      if (element) element.scrollTop = element.scrollHeight - fromBottom;
    });
  };

  useEffect(() => {
    const element = scroller.current;
    if (element && sticky.current) element.scrollTop = element.scrollHeight;
  }, [messages]);

  useEffect(() => {
    const unsubscribe = streaming.subscribe(() => {
      const element = scroller.current;
      if (element && sticky.current) element.scrollTop = element.scrollHeight;
    });
    return () => {
      unsubscribe();
    };
  }, [streaming]);

  const onScroll = () => {
    const element = scroller.current;
    if (element) sticky.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICKY_PX;
  };

  return (
    <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-4 py-6 sm:px-6" aria-live="polite">
      {messages.length === 0 && <EmptyState streaming={streaming} />}
      {hidden > 0 && (
        <div className="mb-4 text-center">
          <button type="button" onClick={showEarlier} className="rounded-full border border-zinc-300 px-4 py-1.5 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900">
            Show earlier messages ({hidden})
          </button>
        </div>
      )}
      <ol className="mx-auto flex max-w-3xl flex-col gap-6">
        {visible.map((message) => (
          <li key={message.key} className="message-row">
            <MessageBubble message={message} />
          </li>
        ))}
        <StreamingReply store={streaming} aiName={aiName} />
      </ol>
    </div>
  );
}

function EmptyState({ streaming }: { streaming: StreamingStore }) {
  const { active } = useStreaming(streaming);
  if (active) return null;
  return (
    <div className="mx-auto mt-16 max-w-md text-center">
      <h2 className="text-2xl font-semibold tracking-tight">{CHAT_TEXTS.emptyTitle}</h2>
      <p className="mt-2 text-zinc-500 dark:text-zinc-400">{CHAT_TEXTS.emptyText}</p>
    </div>
  );
}

/** The only part of the list that re-renders per token. */
function StreamingReply({ store, aiName }: { store: StreamingStore; aiName: string }) {
  const state = useStreaming(store);
  if (!state.active) return null;
  const now = new Date().toISOString();
  return (
    <>
      <li>
        <MessageBubble message={{ key: "pending-user", isUser: true, user: DEFAULT_USER_LABEL, content: state.question, timestamp: now }} />
      </li>
      <li>
        <MessageBubble message={{ key: "pending-ai", isUser: false, user: aiName, content: state.text, timestamp: "" }} typing />
      </li>
    </>
  );
}
