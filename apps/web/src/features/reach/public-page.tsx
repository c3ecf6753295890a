import { useEffect } from "react";
import { Link, useNavigate } from "@tanstack/react-router";
import { answerElementId } from "@parley/contracts";
import { AnswerLinkButton } from "../../components/answer-link-button";
import { buttonClass } from "../../components/button-styles";
import { closedLinkOf, LinkClosed } from "../../components/link-gate";
import { Markdown } from "../../lib/markdown/markdown";
import { LocalTime } from "../../lib/time/local-time";
import { LANDED_CLASSES, useAnswerTarget } from "../../lib/answers/use-answer-target";
import { useAuth } from "../../lib/auth";
import { errorCodeOf, trpc } from "../../lib/trpc";
import { REACH_TEXTS } from "./texts";

type Kind = "post" | "conversation";

/**
 * A post or a shared conversation opened through its public link: readable without an account,
 * with a prompt to sign in for everything else. A wrong or revoked link says so. Signing in
 * leads on to the signed-in page: the post (/post/{id}), or the conversation's share
 * (/chat/share/{id}) with its 'Clone and Continue'; `fromSignIn` goes there at once. Every
 * answer has its own link; `target` is the one the page's address points at (`?answer=`).
 */
export function PublicPage({ kind, token, fromSignIn = false, target = null }: { kind: Kind; token: string; fromSignIn?: boolean; target?: string | null }) {
  const post = trpc.publicLink.post.useQuery({ token }, { enabled: kind === "post", retry: false });
  const session = trpc.publicLink.session.useQuery({ token }, { enabled: kind === "conversation", retry: false });
  const query = kind === "post" ? post : session;
  const auth = useAuth();
  const navigate = useNavigate();
  const share = trpc.publicLink.sessionShare.useQuery({ token }, { enabled: kind === "conversation" && auth.isSignedIn && session.isSuccess, retry: false });
  const shareId = share.data?.session_id;
  useAnswerTarget(target, Boolean(query.data));
  useEffect(() => {
    if (fromSignIn && shareId) void navigate({ to: "/chat/share/$sessionId", params: { sessionId: String(shareId) }, replace: true });
  }, [fromSignIn, shareId, navigate]);

  const closed = query.isError ? closedLinkOf(query.error) : null;
  if (closed) return <LinkClosed reason={closed} link={{ token }} onUnlocked={() => void query.refetch()} />;
  if (query.isError) return errorCodeOf(query.error) === "NOT_FOUND" || errorCodeOf(query.error) === "BAD_REQUEST" ? <LinkGone /> : <LinkGone failed />;
  if (!query.data) {
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-center text-zinc-600 dark:text-zinc-400">
        Loading…
      </p>
    );
  }
  const { transcript } = query.data;
  const postId = post.data?.post_id;
  const signIn = () => void auth.client.signInRedirect({ returnTo: postId ? `/post/${postId}` : kind === "post" ? `/p/${token}` : `/s/${token}?from=sign-in` });

  return (
    <article className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12" aria-labelledby="public-title">
      <header className="space-y-2">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{kind === "post" ? "Post" : "Shared conversation"}</p>
        <h1 id="public-title" className="text-2xl font-bold tracking-tight break-words text-zinc-950 sm:text-3xl dark:text-white">
          {transcript.title}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {transcript.author}
          {transcript.models.length > 0 && <> · Using {transcript.models.join(", ")}</>} · <LocalTime iso={transcript.createdAt} />
        </p>
      </header>
      <aside className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 dark:border-brand-900 dark:bg-brand-950/50">
        {auth.isSignedIn && postId ? (
          <>
            <p className="text-sm font-medium text-brand-900 dark:text-brand-100">You are signed in.</p>
            <Link to="/post/$postId" params={{ postId: String(postId) }} className={buttonClass("primary", "sm")}>
              Open the post
            </Link>
          </>
        ) : auth.isSignedIn && shareId ? (
          <>
            <p className="text-sm font-medium text-brand-900 dark:text-brand-100">You are signed in.</p>
            <Link to="/chat/share/$sessionId" params={{ sessionId: String(shareId) }} className={buttonClass("primary", "sm")}>
              Open the conversation
            </Link>
          </>
        ) : auth.isSignedIn ? (
          <p className="text-sm font-medium text-brand-900 dark:text-brand-100">You are reading a public copy of this conversation.</p>
        ) : (
          <>
            <p className="text-sm font-medium text-brand-900 dark:text-brand-100">{REACH_TEXTS.signInPrompt}</p>
            <button type="button" onClick={signIn} className={buttonClass("primary", "sm")}>
              {REACH_TEXTS.signIn}
            </button>
          </>
        )}
      </aside>
      <section aria-label="Conversation">
        {transcript.messages.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-zinc-300 px-6 py-10 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
            {REACH_TEXTS.noMessages}
          </p>
        ) : (
          <ol className="space-y-5">
            {transcript.messages.map((message, index) => (
              <li key={index}>
                <article
                  aria-label={`${message.author} said`}
                  {...(message.answer === null
                    ? {}
                    : { id: answerElementId(message.answer), tabIndex: -1, "aria-current": message.answer === target ? ("location" as const) : undefined })}
                  className={`group flex flex-col rounded-2xl outline-none ${message.role === "user" ? "items-end" : "items-start"} ${message.answer !== null && message.answer === target ? LANDED_CLASSES : ""}`}
                >
                  <p className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
                    <span className="font-semibold text-zinc-800 dark:text-zinc-100">{message.author}</span>
                    <LocalTime iso={message.timestamp} />
                  </p>
                  <div
                    className={`max-w-[88%] min-w-0 rounded-2xl px-4 py-3 text-[0.95rem] ${
                      message.role === "user"
                        ? "rounded-tr-md bg-brand-600 text-white [&_a]:text-white"
                        : "rounded-tl-md border border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
                    }`}
                  >
                    <Markdown>{message.content}</Markdown>
                  </div>
                  {message.answer !== null && <AnswerLinkButton answer={message.answer} label={labelOf(transcript.messages, index)} />}
                </article>
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}

/** How an answer is named to screen readers: by its place among the answers ('answer 2'; a key may be an exchange's id). */
function labelOf(messages: { answer: string | null }[], index: number) {
  return `answer ${messages.slice(0, index + 1).filter((m) => m.answer !== null).length}`;
}

function LinkGone({ failed = false }: { failed?: boolean }) {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-20 text-center sm:px-6" aria-labelledby="link-gone-title">
      <h1 id="link-gone-title" className="text-2xl font-bold text-zinc-950 dark:text-white">
        {failed ? "This page could not be loaded" : REACH_TEXTS.linkGoneTitle}
      </h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-300">{failed ? "Please try again in a moment." : REACH_TEXTS.linkGoneText}</p>
      <Link to="/" className={buttonClass("secondary", "md", "mt-8")}>
        Back to home
      </Link>
    </section>
  );
}
