import { Link } from "@tanstack/react-router";
import { buttonClass } from "../../components/button-styles";
import { closedLinkOf, LinkClosed } from "../../components/link-gate";
import { useAuth } from "../../lib/auth";
import { LocalTime } from "../../lib/time/local-time";
import { errorCodeOf, trpc } from "../../lib/trpc";
import { PromptText } from "./prompt-text";
import { TAG } from "./styles";
import { PROMPT_TEXTS } from "./texts";

/**
 * A prompt opened through its opt-in public link (/pp/{token}): readable without an account,
 * with a way on to its page for people who sign in. A wrong or revoked link says so.
 */
export function PublicPromptPage({ token }: { token: string }) {
  const auth = useAuth();
  const prompt = trpc.publicLink.prompt.useQuery({ token }, { retry: false });
  const closed = prompt.isError ? closedLinkOf(prompt.error) : null;
  if (closed) return <LinkClosed reason={closed} link={{ token }} onUnlocked={() => void prompt.refetch()} />;
  if (prompt.isError) {
    const gone = ["NOT_FOUND", "BAD_REQUEST"].includes(errorCodeOf(prompt.error) ?? "");
    return (
      <section className="mx-auto w-full max-w-xl px-4 py-20 text-center sm:px-6" aria-labelledby="link-gone-title">
        <h1 id="link-gone-title" className="text-2xl font-bold text-zinc-950 dark:text-white">
          {gone ? PROMPT_TEXTS.linkGoneTitle : PROMPT_TEXTS.pageFailed}
        </h1>
        {gone && <p className="mt-3 text-zinc-600 dark:text-zinc-300">{PROMPT_TEXTS.linkGoneText}</p>}
        <Link to="/" className={buttonClass("secondary", "md", "mt-8")}>
          {PROMPT_TEXTS.backHome}
        </Link>
      </section>
    );
  }
  if (!prompt.data)
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-16 text-center text-zinc-600 dark:text-zinc-400">
        {PROMPT_TEXTS.loading}
      </p>
    );
  const data = prompt.data;
  const pagePath = `/prompt/${data.id}`;
  return (
    <article className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12" aria-labelledby="public-title">
      <header className="space-y-2">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{PROMPT_TEXTS.pageTitle}</p>
        <h1 id="public-title" className="text-2xl font-bold tracking-tight break-words text-zinc-950 sm:text-3xl dark:text-white">
          {data.name}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          {data.author.name} · <LocalTime iso={data.createdAt} /> <span className={TAG}>#{data.category}</span>
        </p>
        {data.description && <p className="break-words text-zinc-800 dark:text-zinc-100">{data.description}</p>}
      </header>
      <aside className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 dark:border-brand-900 dark:bg-brand-950/50">
        {auth.isSignedIn ? (
          <>
            <p className="text-sm font-medium text-brand-900 dark:text-brand-100">{PROMPT_TEXTS.signedIn}</p>
            <Link to="/prompt/$id" params={{ id: String(data.id) }} className={buttonClass("primary", "sm")}>
              {PROMPT_TEXTS.openPrompt}
            </Link>
          </>
        ) : (
          <>
            <p className="text-sm font-medium text-brand-900 dark:text-brand-100">{PROMPT_TEXTS.signInPrompt}</p>
            <button type="button" onClick={() => void auth.client.signInRedirect({ returnTo: pagePath })} className={buttonClass("primary", "sm")}>
              {PROMPT_TEXTS.signIn}
            </button>
          </>
        )}
      </aside>
      <PromptText text={data.text} />
    </article>
  );
}
