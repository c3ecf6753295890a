import { Link } from "@tanstack/react-router";
import { LocalTime } from "../../lib/time/local-time";
import { trpc } from "../../lib/trpc";
import { EMPTY, NOTICE } from "./styles";
import { PROMPT_TEXTS } from "./texts";

/** 'Answers': the public posts and comparison posts started from this prompt, grouped by model, with this prompt's vote tally per model. */
export function PromptAnswers({ promptId }: { promptId: number }) {
  const answers = trpc.prompt.answers.useQuery({ id: promptId });
  return (
    <section aria-labelledby="prompt-answers" className="space-y-4">
      <div>
        <h2 id="prompt-answers" className="text-xl font-semibold text-zinc-950 dark:text-white">
          {PROMPT_TEXTS.answersTitle}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">{PROMPT_TEXTS.answersHelp}</p>
      </div>
      {answers.isError ? (
        <p role="alert" className={NOTICE}>
          {PROMPT_TEXTS.answersFailed}
        </p>
      ) : !answers.data ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {PROMPT_TEXTS.loading}
        </p>
      ) : answers.data.models.length === 0 ? (
        <p className={EMPTY}>{PROMPT_TEXTS.answersEmpty}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {answers.data.models.map((model) => (
            <li key={model.model}>
              <section aria-label={model.displayName} className="h-full rounded-2xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
                <header className="flex items-baseline justify-between gap-2">
                  <h3 className="font-semibold text-zinc-950 dark:text-white">{model.displayName}</h3>
                  <p className="text-sm font-semibold text-brand-700 tabular-nums dark:text-brand-300">{PROMPT_TEXTS.votes(model.votes)}</p>
                </header>
                <ul className="mt-3 space-y-2 text-sm">
                  {model.posts.map((post) => (
                    <li key={post.postId} className="flex flex-col">
                      <Link
                        to="/post/$postId"
                        params={{ postId: String(post.postId) }}
                        className="font-medium break-words text-zinc-900 underline-offset-2 hover:underline dark:text-zinc-100"
                      >
                        {post.title}
                      </Link>
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">
                        {post.kind === "comparison" ? `${PROMPT_TEXTS.comparisonPost} · ` : ""}
                        {post.author.name} · <LocalTime iso={post.createdAt} />
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
