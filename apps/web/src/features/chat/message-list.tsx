import { useEffect, useMemo } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Spinner } from "../../components/spinner";
import { ArrowDownIcon } from "./chat-icons";
import { MessageBubble, type Me } from "./message-bubble";
import type { UiMessage } from "./messages";
import { answerElementId } from "@parley/contracts";
import { useStreaming, type StreamingStore } from "./streaming-store";
import { CHAT_TEXTS, DEFAULT_USER_LABEL } from "./texts";
import { useStickToBottom } from "./use-stick-to-bottom";

/** A first guess at a message's height; each row is measured once it renders. */
const ESTIMATED_ROW_PX = 160;
const ROW_GAP_PX = 28;
const COLUMN = "mx-auto w-full max-w-3xl px-4 sm:px-6";

type MessageListProps = {
  /** Changes when another conversation opens: the list then shows its newest message. */
  sessionId: number;
  messages: UiMessage[];
  loading: boolean;
  streaming: StreamingStore;
  /** The last stored exchange: once the history has it, the streamed copy steps aside. */
  lastEntryId: number | null;
  aiName: string;
  me: Me;
  /** The answer a link to one answer points at (`?answer=<key>`): opened there, focused and marked, instead of at the bottom. */
  target?: string | null;
};

/**
 * The conversation, oldest first, then the reply being written. Only the rows on screen are in
 * the page (a 1,000-message chat opens as fast as a short one), each measured as it renders; the
 * list keeps to the bottom while text arrives unless the reader scrolled up.
 */
export function MessageList({ sessionId, messages, loading, streaming, lastEntryId, aiName, me, target = null }: MessageListProps) {
  const { scrollRef, contentRef, awayFromBottom, follow, release } = useStickToBottom();
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => messages[index]?.key ?? index,
    overscan: 4,
    gap: ROW_GAP_PX,
    paddingStart: 24,
    // Open at the bottom, where the newest messages are, instead of rendering the oldest first.
    initialOffset: () => Number.MAX_SAFE_INTEGER,
  });

  useEffect(() => follow(), [sessionId, follow]);
  // Sending a message brings the reader to it.
  useEffect(() => streaming.subscribe(() => streaming.get().active && (streaming.get().columns[0]?.text ?? "") === "" && follow()), [streaming, follow]);

  // A link to one answer: once its row exists, the list goes to it (rows off screen are not in the page) and focuses it.
  const targetIndex = target === null ? -1 : messages.findIndex((m) => m.answer?.key === target);
  useEffect(() => {
    if (targetIndex < 0) return;
    release();
    virtualizer.scrollToIndex(targetIndex, { align: "center" });
    const frame = requestAnimationFrame(() => document.getElementById(answerElementId(target!))?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
    // Once per answer pointed at (release and the virtualizer keep their identity between renders):
    // later rows measured do not move the reader away again.
  }, [targetIndex, target, release, virtualizer]);

  const rows = virtualizer.getVirtualItems();
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label="Messages"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40 focus-visible:ring-inset"
      >
        <div ref={contentRef} className="pb-8">
          {messages.length === 0 && (loading ? <LoadingState /> : <EmptyState streaming={streaming} />)}
          <ol aria-label="Conversation" className="relative w-full" style={{ height: messages.length ? virtualizer.getTotalSize() : 0 }}>
            {rows.map((row) => (
              <li
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${row.start}px)` }}
              >
                <div className={COLUMN}>
                  <MessageBubble message={messages[row.index]!} me={me} landed={target !== null && messages[row.index]!.answer?.key === target} />
                </div>
              </li>
            ))}
          </ol>
          <StreamingReply store={streaming} aiName={aiName} me={me} lastEntryId={lastEntryId} />
        </div>
      </div>
      {awayFromBottom && (
        <button
          type="button"
          onClick={follow}
          aria-label="Jump to the latest message"
          title="Jump to the latest message"
          className="absolute bottom-4 left-1/2 inline-flex size-9 -translate-x-1/2 items-center justify-center rounded-full border border-zinc-200 bg-white text-zinc-700 shadow-md hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200 dark:hover:bg-zinc-700"
        >
          <ArrowDownIcon className="size-4" />
        </button>
      )}
    </div>
  );
}

function LoadingState() {
  return (
    <div className="flex justify-center gap-3 pt-24 text-sm text-zinc-500" role="status">
      <Spinner size="sm" />
      Loading the conversation…
    </div>
  );
}

function EmptyState({ streaming }: { streaming: StreamingStore }) {
  const { active } = useStreaming(streaming);
  if (active) return null;
  return (
    <div className="mx-auto max-w-md px-6 pt-[18vh] text-center">
      <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">{CHAT_TEXTS.emptyTitle}</h2>
      <p className="mt-3 text-zinc-500 dark:text-zinc-400">{CHAT_TEXTS.emptyText}</p>
    </div>
  );
}

/** The only part of the list that re-renders per token. */
function StreamingReply({ store, aiName, me, lastEntryId }: { store: StreamingStore; aiName: string; me: Me; lastEntryId: number | null }) {
  const state = useStreaming(store);
  const question = useMemo<UiMessage>(
    () => ({ key: "pending-user", isUser: true, user: DEFAULT_USER_LABEL, content: state.message, timestamp: state.startedAt }),
    [state.message, state.startedAt],
  );
  if (!state.active || (state.entryId !== null && state.entryId === lastEntryId)) return null;
  return (
    <div className={`${COLUMN} mt-7 flex flex-col gap-7`}>
      <MessageBubble message={question} me={me} />
      <MessageBubble
        message={{ key: "pending-ai", isUser: false, user: aiName, content: state.columns[0]?.text ?? "", timestamp: state.startedAt }}
        me={me}
        typing
      />
    </div>
  );
}
