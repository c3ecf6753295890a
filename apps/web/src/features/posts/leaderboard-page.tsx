import { useState } from "react";
import { CATEGORIES, categoryLabel, type Category } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { PageIntro } from "../../components/page-intro";
import { Spinner } from "../../components/spinner";
import { trpc } from "../../lib/trpc";
import { shortLocalTime } from "../../lib/time";
import { DiscoverTabs } from "./discover-tabs";
import { LeaderboardTable, type Board } from "./leaderboard/leaderboard-table";
import { MethodSection } from "./leaderboard/method-section";
import { PairsHeatmap } from "./leaderboard/pairs-heatmap";
import { COMPARE_TEXTS } from "./texts";

/**
 * Discover's leaderboard: models rated from the blind votes (overall or in one category, with or
 * without style control), each with its 95% interval and rank range, the pairwise win rates,
 * what was left out, and how it is computed.
 */
export function LeaderboardPage() {
  const [category, setCategory] = useState<Category | "">("");
  const [style, setStyle] = useState(false);
  const board = trpc.post.leaderboard.useQuery({ ...(category ? { category } : {}), ...(style ? { style } : {}) });

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <PageIntro title={COMPARE_TEXTS.leaderboardTitle} subtitle={COMPARE_TEXTS.leaderboardSubtitle} />
      <div className="mt-6">
        <DiscoverTabs current="leaderboard" />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-3">
          <label htmlFor="leaderboard-category" className="text-sm font-medium text-zinc-800 dark:text-zinc-100">
            {COMPARE_TEXTS.category}
          </label>
          <select
            id="leaderboard-category"
            value={category}
            onChange={(event) => setCategory(event.target.value as Category | "")}
            className="h-9 rounded-full border border-zinc-300 bg-white px-3 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          >
            <option value="">{COMPARE_TEXTS.allCategories}</option>
            {/* The categories a post can carry, as the chat's picker names them. */}
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-zinc-800 dark:text-zinc-100" title={COMPARE_TEXTS.styleControlHint}>
          <input type="checkbox" checked={style} onChange={(event) => setStyle(event.target.checked)} className="size-4 rounded border-zinc-300" />
          {COMPARE_TEXTS.styleControl}
        </label>
        <a
          href="#how-computed"
          className="text-sm font-medium text-sky-700 underline underline-offset-2 hover:text-sky-900 dark:text-sky-300 dark:hover:text-sky-100"
        >
          {COMPARE_TEXTS.howComputed}
        </a>
      </div>
      <div className="mt-6">
        {board.isPending ? (
          <p className="flex items-center gap-2 text-zinc-600 dark:text-zinc-300" role="status">
            <Spinner size="sm" />
            {COMPARE_TEXTS.leaderboardLoading}
          </p>
        ) : board.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
          >
            <span>{COMPARE_TEXTS.leaderboardFailed}</span>
            <button type="button" onClick={() => void board.refetch()} className={buttonClass("secondary", "sm")}>
              Try again
            </button>
          </div>
        ) : (
          <BoardBody board={board.data} />
        )}
      </div>
    </section>
  );
}

function BoardBody({ board }: { board: Board }) {
  return (
    <>
      {board.models.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {board.fitted_at === null ? COMPARE_TEXTS.leaderboardFitting : COMPARE_TEXTS.leaderboardEmpty}
        </p>
      ) : (
        <LeaderboardTable board={board} />
      )}
      <p className="mt-4 text-xs text-zinc-600 dark:text-zinc-400">{COMPARE_TEXTS.leaderboardExplain}</p>
      {board.fitted_at && (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {COMPARE_TEXTS.fittedAt(shortLocalTime(board.fitted_at), board.refit_seconds)} {COMPARE_TEXTS.counted(board.counted_votes)}
        </p>
      )}
      {board.left_out.length > 0 && (
        <div className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
          <h2 className="font-semibold">{COMPARE_TEXTS.leftOut}</h2>
          <ul className="mt-1 list-disc pl-5">
            {board.left_out.map((row) => (
              <li key={row.reason}>{COMPARE_TEXTS.leftOutLine(row.votes, row.reason)}</li>
            ))}
          </ul>
        </div>
      )}
      <PairsHeatmap board={board} />
      <MethodSection board={board} />
    </>
  );
}
