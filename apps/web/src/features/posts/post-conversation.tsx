import type { ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { answerElementId, avatarEmojiFor, postAnswers, type AnswerName } from "@parley/contracts";
import { AnswerLinkButton } from "../../components/answer-link-button";
import { LANDED_CLASSES, useAnswerTarget } from "../../lib/answers/use-answer-target";
import { buttonClass } from "../../components/button-styles";
import { Markdown } from "../../lib/markdown/markdown";
import { LocalTime } from "../../lib/time/local-time";
import { CommentIcon } from "./post-icons";
import { SparkIcon } from "../../components/action-icons";
import type { PostDetail } from "./post-types";
import { POST_TEXTS } from "./texts";

type PostMessage = PostDetail["messages"][number];

/**
 * What the page shows under one answer besides its link: the comments anchored to it (the route
 * composes them in, features do not import each other).
 */
export type AnswerSlot = (answer: AnswerName) => ReactNode;

/** Who wrote a message: the user's name or the model's, falling back to 'User' and 'AI'. */
const authorOf = (message: PostMessage) => (message.isUser ? message.user || "User" : message.model_name || "AI");

/**
 * The post's conversation, read-only: each message with its author and
 * time, content as untrusted markdown; and the way to continue it in one's own chat.
 */
/** A post's conversation heading with 'Interact with this conversation', which forks it into the viewer's chat. */
export function ConversationHeading({
  postId,
  title,
  blocked,
}: {
  postId: number;
  title: string;
  /** Why it cannot be forked yet, if it cannot. */ blocked?: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id="conversation-heading" className="text-xl font-semibold text-zinc-950 dark:text-white">
        {title}
      </h2>
      {blocked ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{blocked}</p>
      ) : (
        <Link to="/chat" search={{ postId, cloneChat: true }} className={buttonClass("primary", "sm")}>
          <CommentIcon className="size-4" />
          {POST_TEXTS.interact}
        </Link>
      )}
    </div>
  );
}

export function PostConversation({
  postId,
  messages,
  target,
  answerSlot,
}: {
  postId: number;
  messages: PostMessage[];
  /** The answer the page's link points at. */ target?: string | null;
  answerSlot?: AnswerSlot;
}) {
  const answers = postAnswers(messages, null);
  useAnswerTarget(target, messages.length > 0);
  return (
    <section aria-labelledby="conversation-heading" className="space-y-5">
      <ConversationHeading postId={postId} title={POST_TEXTS.conversation} />
      {messages.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 px-6 py-10 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {POST_TEXTS.noMessages}
        </p>
      ) : (
        <ol className="space-y-5">
          {messages.map((message, index) => (
            <li key={index}>
              <ConversationMessage
                message={message}
                answer={answers[index] ?? null}
                landed={target != null && answers[index]?.key === target}
                slot={answerSlot}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ConversationMessage({ message, answer, landed, slot }: { message: PostMessage; answer: AnswerName | null; landed: boolean; slot?: AnswerSlot }) {
  const author = authorOf(message);
  return (
    <article
      aria-label={`${author} said`}
      {...(answer === null ? {} : { id: answerElementId(answer.key), tabIndex: -1, "aria-current": landed ? ("location" as const) : undefined })}
      className={`group flex gap-3 rounded-2xl outline-none ${message.isUser ? "flex-row-reverse" : ""} ${landed ? LANDED_CLASSES : ""}`}
    >
      <span
        aria-hidden="true"
        className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full text-lg ${
          message.isUser
            ? "bg-brand-100 dark:bg-brand-950"
            : "bg-gradient-to-br from-fuchsia-100 to-brand-100 text-brand-700 dark:from-fuchsia-950 dark:to-brand-950 dark:text-brand-200"
        }`}
      >
        {message.isUser ? avatarEmojiFor(author) : <SparkIcon className="size-5" />}
      </span>
      <div className={`flex min-w-0 max-w-[88%] flex-col ${message.isUser ? "items-end" : ""}`}>
        <p className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="font-semibold text-zinc-800 dark:text-zinc-100">{author}</span>
          <LocalTime iso={message.timestamp} />
        </p>
        <div
          className={`min-w-0 max-w-full rounded-2xl px-4 py-3 text-[0.95rem] ${
            message.isUser
              ? "rounded-tr-md bg-brand-600 text-white [&_a]:text-white"
              : "rounded-tl-md border border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
          }`}
        >
          <Markdown>{message.content}</Markdown>
        </div>
        {answer !== null && (
          <div className="mt-1 flex flex-wrap items-start gap-2">
            <AnswerLinkButton answer={answer.key} label={answer.label} />
            {slot?.(answer)}
          </div>
        )}
      </div>
    </article>
  );
}
