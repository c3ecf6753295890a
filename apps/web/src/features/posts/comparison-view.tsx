import { useRef, useState, type KeyboardEvent } from "react";
import { Link } from "@tanstack/react-router";
import { answerElementId, comparisonAnswerKey, comparisonAnswerName } from "@parley/contracts";
import { AnswerLinkButton } from "../../components/answer-link-button";
import { LANDED_CLASSES, useAnswerTarget } from "../../lib/answers/use-answer-target";
import { buttonClass } from "../../components/button-styles";
import { SparkIcon } from "../../components/action-icons";
import { Markdown } from "../../lib/markdown/markdown";
import { ConversationHeading, type AnswerSlot } from "./post-conversation";
import type { PostDetail } from "./post-types";
import { COMPARE_TEXTS } from "./texts";
import { useVote } from "./use-vote";
import { voteStatusText } from "./vote-status";
import { useWideScreen } from "./use-wide-screen";

type Comparison = NonNullable<PostDetail["comparison"]>;
type Column = Comparison["columns"][number];

const GRID = { 1: "grid-cols-1", 2: "grid-cols-2", 3: "grid-cols-3", 4: "grid-cols-4" } as Record<number, string>;

/** A column's heading: its label until the viewer has voted, then its model too. */
const titleOf = (column: Column) => (column.model_name ? `${COMPARE_TEXTS.answer(column.label)} · ${column.model_name}` : COMPARE_TEXTS.answer(column.label));

/**
 * A comparison post's answers side by side, one column per model (one at a time, chosen with
 * tabs, on narrow screens). Blind until the viewer votes: answers are labelled A-D; the vote
 * shows each column's model and votes.
 */
/** The column (as this reader is shown them) of the answer a link points at, so a narrow screen opens its tab; 0 for none. */
function columnOf(comparison: Comparison, target: string | null | undefined) {
  const turn = Number(target?.split("-")[0]);
  const answers = comparison.turns[turn - 1]?.answers ?? [];
  const column = comparison.columns.find((c) => answers[c.column] && comparisonAnswerKey(turn, answers[c.column]!.content) === target);
  return column?.column ?? 0;
}

export function ComparisonView({
  postId,
  comparison,
  target,
  answerSlot,
}: {
  postId: number;
  comparison: Comparison;
  /** The answer the page's link points at. */ target?: string | null;
  answerSlot?: AnswerSlot;
}) {
  const wide = useWideScreen();
  const [selected, setSelected] = useState(() => columnOf(comparison, target));
  // A link followed while the page is open (a comment's 'on answer' marker) opens its tab too.
  const [followed, setFollowed] = useState(target);
  if (followed !== target) {
    setFollowed(target);
    if (target) setSelected(columnOf(comparison, target));
  }
  useAnswerTarget(target, comparison.turns.length > 0);
  const vote = useVote(postId);
  const shown = wide ? comparison.columns : comparison.columns.filter((c) => c.column === selected);

  return (
    <section aria-labelledby="conversation-heading" className="space-y-5">
      {/* A copy names the models: it waits for the vote, as the server does. */}
      <ConversationHeading
        postId={postId}
        title={COMPARE_TEXTS.heading(comparison.columns.length)}
        blocked={comparison.revealed ? undefined : COMPARE_TEXTS.voteBeforeInteract}
      />
      <VoteStatus comparison={comparison} />
      {vote.error && (
        <p
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100"
        >
          {vote.error}
        </p>
      )}
      {!wide && <ColumnTabs columns={comparison.columns} selected={selected} onSelect={setSelected} />}
      <div id="comparison-panel" {...(wide ? {} : { role: "tabpanel", "aria-labelledby": `comparison-tab-${selected}` })} className="space-y-6">
        <div className={`grid gap-3 ${GRID[shown.length]}`}>
          {shown.map((column) => (
            <ColumnHeader key={column.column} column={column} comparison={comparison} />
          ))}
        </div>
        {comparison.turns.map((turn, index) => (
          <div key={index} className="space-y-3">
            <div className="ml-auto max-w-[88%] rounded-2xl rounded-tr-md bg-brand-600 px-4 py-3 text-[0.95rem] text-white [&_a]:text-white">
              <Markdown>{turn.prompt}</Markdown>
            </div>
            <div className={`grid gap-3 ${GRID[shown.length]}`}>
              {shown.map((column) => {
                const answer = turn.answers[column.column];
                const name = comparisonAnswerName(index + 1, answer?.content ?? "", column.label);
                return <AnswerCell key={column.column} column={column} answer={answer} name={name} landed={name.key === target} slot={answerSlot} />;
              })}
            </div>
          </div>
        ))}
        {/* A vote is final: only a vote cast before the models are shown counts. */}
        {comparison.can_vote && !comparison.revealed && (
          <div className={`grid gap-3 ${GRID[shown.length]}`}>
            {shown.map((column) => {
              return (
                <button
                  key={column.column}
                  type="button"
                  disabled={vote.pending}
                  onClick={() => vote.cast(column.column)}
                  className={buttonClass("primary", "sm", "w-full")}
                >
                  {vote.pendingColumn === column.column ? COMPARE_TEXTS.voting : COMPARE_TEXTS.vote}
                  {/* Which answer the button is for, for screen readers (the visible text stays the start of its name). */}
                  <span className="sr-only"> {COMPARE_TEXTS.forAnswer(column.label)}</span>
                </button>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}

function VoteStatus({ comparison }: { comparison: Comparison }) {
  // Known from a post of the same lineage: shown revealed, and a vote here would not be blind.
  if (comparison.revealed_by_post_id !== null) {
    return (
      <p role="status" className="rounded-xl bg-zinc-100 px-4 py-3 text-sm text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
        {COMPARE_TEXTS.relatedNote}{" "}
        <Link
          to="/post/$postId"
          params={{ postId: String(comparison.revealed_by_post_id) }}
          className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
        >
          {COMPARE_TEXTS.relatedLink}
        </Link>
      </p>
    );
  }
  // A vote that waits (a new account) says when it counts; one over the day's cap, why it does not.
  return (
    <p role="status" className="rounded-xl bg-zinc-100 px-4 py-3 text-sm text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
      {voteStatusText(comparison)}
    </p>
  );
}

function ColumnHeader({ column, comparison }: { column: Column; comparison: Comparison }) {
  const total = comparison.total_votes ?? 0;
  const share = column.votes !== undefined && total > 0 ? Math.round((column.votes / total) * 100) : 0;
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-zinc-200 bg-white px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="flex min-w-0 items-center gap-1.5 text-sm font-semibold text-zinc-950 dark:text-white">
        <SparkIcon className="size-4 shrink-0 text-brand-500" />
        <span className="truncate">{titleOf(column)}</span>
      </h3>
      {column.votes !== undefined && (
        <p className="text-xs text-zinc-600 dark:text-zinc-300">
          {COMPARE_TEXTS.votes(column.votes)} ({share}%){comparison.my_vote === column.column ? ` · ${COMPARE_TEXTS.yourVote}` : ""}
          {column.rated === false ? ` · ${COMPARE_TEXTS.notRated}` : ""}
        </p>
      )}
    </div>
  );
}

type AnswerCellProps = {
  column: Column;
  answer: Comparison["turns"][number]["answers"][number] | undefined;
  name: { key: string; label: string };
  landed: boolean;
  slot?: AnswerSlot;
};

function AnswerCell({ column, answer, name, landed, slot }: AnswerCellProps) {
  const failed = answer?.status === "error";
  return (
    <article
      // The link names the answer by its text, never its model nor its column: the same for every reader, blind or not.
      id={answerElementId(name.key)}
      tabIndex={-1}
      aria-current={landed ? "location" : undefined}
      aria-label={`${titleOf(column)} said`}
      className={`group min-w-0 rounded-2xl rounded-tl-md border border-zinc-200 bg-white px-4 py-3 text-[0.95rem] text-zinc-900 outline-none dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 ${landed ? LANDED_CLASSES : ""}`}
    >
      {answer?.content ? <Markdown>{answer.content}</Markdown> : null}
      {answer && answer.status !== "complete" && (
        <p className={`text-sm ${failed ? "text-red-700 dark:text-red-300" : "text-zinc-600 dark:text-zinc-400"}`}>{COMPARE_TEXTS.status(answer.status)}</p>
      )}
      <div className="-mx-2 mt-2 flex flex-wrap items-start gap-2">
        <AnswerLinkButton answer={name.key} label={name.label} />
        {slot?.(name)}
      </div>
    </article>
  );
}

/** The columns as tabs (narrow screens): arrow keys, Home and End move between them. */
function ColumnTabs({ columns, selected, onSelect }: { columns: Column[]; selected: number; onSelect: (column: number) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const last = columns.length - 1;
    const next = { ArrowRight: selected === last ? 0 : selected + 1, ArrowLeft: selected === 0 ? last : selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    list.current?.querySelector<HTMLElement>(`#comparison-tab-${next}`)?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={COMPARE_TEXTS.tabsLabel}
      onKeyDown={onKeyDown}
      className="flex gap-1 overflow-x-auto rounded-full bg-zinc-100 p-1 dark:bg-zinc-900"
    >
      {columns.map((column) => {
        const active = column.column === selected;
        return (
          <button
            key={column.column}
            id={`comparison-tab-${column.column}`}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls="comparison-panel"
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(column.column)}
            className={`flex-1 truncate rounded-full px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors ${
              active
                ? "bg-white text-zinc-950 shadow-sm dark:bg-zinc-800 dark:text-white"
                : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
            }`}
          >
            {column.model_name ?? COMPARE_TEXTS.answer(column.label)}
          </button>
        );
      })}
    </div>
  );
}
