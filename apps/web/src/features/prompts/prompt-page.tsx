import { useState } from "react";
import { Link } from "@tanstack/react-router";
import { categoryLabel, type PromptDetail } from "@parley/contracts";
import { FlagIcon } from "../../components/action-icons";
import { buttonClass } from "../../components/button-styles";
import { PublicLinkPanel } from "../../components/public-link-panel";
import { HiddenMark, ReportDialog } from "../../components/report-dialog";
import { Spinner } from "../../components/spinner";
import { LocalTime } from "../../lib/time/local-time";
import { errorCodeOf, messageOf, trpc } from "../../lib/trpc";
import { PromptAnswers } from "./prompt-answers";
import { PromptAuthor } from "./prompt-author";
import { PromptComments } from "./prompt-comments";
import { PromptCounts } from "./prompt-counts";
import { PromptText } from "./prompt-text";
import { CARD, TAG } from "./styles";
import { PROMPT_TEXTS } from "./texts";
import { usePromptLike } from "./use-prompt-like";

/** Answers that mean there is no such prompt to show (a bad id is a 400, a private or hidden one a 404). */
const GONE = new Set(["NOT_FOUND", "BAD_REQUEST"]);

/** A prompt's page (/prompt/{id}): its text with the variables marked, author, counts, actions, answers by model and comments. */
export function PromptPage({ promptId }: { promptId: number }) {
  const prompt = trpc.prompt.get.useQuery({ id: promptId }, { enabled: promptId > 0 });
  if (promptId <= 0 || (prompt.isError && GONE.has(errorCodeOf(prompt.error) ?? ""))) return <PromptMissing />;
  if (prompt.isError)
    return (
      <section role="alert" className="mx-auto w-full max-w-xl px-4 py-20 text-center sm:px-6">
        <p className="text-zinc-700 dark:text-zinc-200">{PROMPT_TEXTS.pageFailed}</p>
        <button type="button" onClick={() => void prompt.refetch()} className={buttonClass("secondary", "md", "mt-6")}>
          {PROMPT_TEXTS.tryAgain}
        </button>
      </section>
    );
  if (!prompt.data)
    return (
      <div role="status" className="flex justify-center py-20">
        <Spinner />
        <span className="sr-only">{PROMPT_TEXTS.loading}</span>
      </div>
    );
  const data = prompt.data;
  return (
    <section className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <article aria-labelledby="prompt-title" className={CARD}>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{PROMPT_TEXTS.pageTitle}</p>
        <h1 id="prompt-title" className="mt-1 text-2xl font-bold tracking-tight break-words text-zinc-950 sm:text-3xl dark:text-white">
          {data.name}
        </h1>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-zinc-600 dark:text-zinc-300">
          <PromptAuthor author={data.author} />
          <LocalTime iso={data.updatedAt} className="text-xs text-zinc-500 dark:text-zinc-400" />
          <span className={TAG}>#{data.category}</span>
          {data.isOwner && (
            <span className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
              {PROMPT_TEXTS.visibilities[data.visibility] ?? categoryLabel(data.visibility)} · {PROMPT_TEXTS.versionLabel(data.version)}
            </span>
          )}
        </div>
        {data.hidden && <HiddenMark />}
        {data.forkedFrom && (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">
            {PROMPT_TEXTS.forkedFrom}{" "}
            <Link
              to="/prompt/$id"
              params={{ id: String(data.forkedFrom.id) }}
              className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
            >
              {data.forkedFrom.name}
            </Link>
          </p>
        )}
        {data.description && <p className="mt-3 break-words text-zinc-800 dark:text-zinc-100">{data.description}</p>}
        <div className="mt-4">
          <PromptText text={data.text} />
        </div>
        <div className="mt-4">
          <PromptCounts prompt={data} />
        </div>
        <PromptActions prompt={data} />
      </article>
      {data.isOwner && data.unlistedPath && <UnlistedAddress path={data.unlistedPath} />}
      {data.isOwner && data.visibility !== "private" && <PublicLinkPanel target={{ kind: "prompt", prompt: data }} />}
      <PromptAnswers promptId={data.id} />
      <PromptComments promptId={data.id} />
    </section>
  );
}

/** Like, save, 'Use in chat', 'Compare models on this prompt', 'Battle', and report (others') or edit (own). */
function PromptActions({ prompt }: { prompt: PromptDetail }) {
  const utils = trpc.useUtils();
  const like = usePromptLike(prompt);
  const [reporting, setReporting] = useState(false);
  const [saved, setSaved] = useState<{ id: number } | { error: string } | null>(null);
  const report = trpc.prompt.report.useMutation();
  const save = trpc.prompt.save.useMutation({
    onSuccess: async (copy) => {
      setSaved({ id: copy.id });
      await Promise.all([utils.prompt.get.invalidate({ id: prompt.id }), utils.prompt.library.invalidate(), utils.chat.options.invalidate()]);
    },
    onError: (failure) => setSaved({ error: PROMPT_TEXTS.saveFailed(messageOf(failure)) }),
  });
  return (
    <div className="mt-5 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Link to="/chat" search={{ promptId: prompt.id }} className={buttonClass("primary", "sm")}>
          {PROMPT_TEXTS.useInChat}
        </Link>
        <Link to="/chat" search={{ promptId: prompt.id, compare: true }} className={buttonClass("secondary", "sm")}>
          {PROMPT_TEXTS.compare}
        </Link>
        <Link to="/chat" search={{ promptId: prompt.id, battle: true }} className={buttonClass("secondary", "sm")}>
          {PROMPT_TEXTS.battle}
        </Link>
        <button
          type="button"
          aria-pressed={prompt.likedByMe}
          aria-busy={like.pending}
          onClick={like.toggle}
          className={buttonClass("ghost", "sm", prompt.likedByMe ? "text-rose-600 dark:text-rose-400" : "")}
        >
          <span aria-hidden="true">{prompt.likedByMe ? "♥" : "♡"}</span>
          {PROMPT_TEXTS.like}
        </button>
        {prompt.isOwner ? (
          <Link to="/prompts" search={{ edit: prompt.id }} className={buttonClass("ghost", "sm")}>
            {PROMPT_TEXTS.edit}
          </Link>
        ) : (
          <>
            <button type="button" onClick={() => save.mutate({ id: prompt.id })} disabled={save.isPending} className={buttonClass("secondary", "sm")}>
              {PROMPT_TEXTS.saveToLibrary}
            </button>
            <button type="button" onClick={() => setReporting(true)} className={buttonClass("ghost", "sm", "ml-auto")}>
              <FlagIcon />
              {PROMPT_TEXTS.report}
            </button>
            <ReportDialog
              what="prompt"
              open={reporting}
              onClose={() => setReporting(false)}
              onSubmit={(input) => report.mutateAsync({ id: prompt.id, ...input })}
            />
          </>
        )}
      </div>
      {saved &&
        ("id" in saved ? (
          <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
            {PROMPT_TEXTS.savedToLibrary}{" "}
            <Link to="/prompt/$id" params={{ id: String(saved.id) }} className="font-semibold underline underline-offset-2">
              {PROMPT_TEXTS.openCopy}
            </Link>
          </p>
        ) : (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {saved.error}
          </p>
        ))}
    </div>
  );
}

function PromptMissing() {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-20 text-center sm:px-6">
      <h1 className="text-2xl font-bold text-zinc-950 dark:text-white">{PROMPT_TEXTS.notFoundTitle}</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-300">{PROMPT_TEXTS.notFoundText}</p>
      <Link to="/discover/prompts" className={buttonClass("secondary", "md", "mt-8")}>
        {PROMPT_TEXTS.backToPrompts}
      </Link>
    </section>
  );
}

/** The address an unlisted prompt opens by, for its owner to pass on: its id alone opens it to nobody else. */
function UnlistedAddress({ path }: { path: string }) {
  const [copied, setCopied] = useState(false);
  const url = new URL(path, window.location.origin).href;
  return (
    <section aria-labelledby="unlisted-address" className={CARD}>
      <h2 id="unlisted-address" className="text-sm font-semibold text-zinc-950 dark:text-white">
        {PROMPT_TEXTS.unlistedAddress}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">{PROMPT_TEXTS.unlistedAddressHelp}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          readOnly
          value={url}
          aria-label={PROMPT_TEXTS.unlistedAddress}
          className="h-9 min-w-0 flex-1 rounded-lg border border-zinc-300 bg-zinc-50 px-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-800"
        />
        <button
          type="button"
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
          className={buttonClass("secondary", "sm")}
        >
          {copied ? PROMPT_TEXTS.copiedAddress : PROMPT_TEXTS.copyAddress}
        </button>
      </div>
    </section>
  );
}
