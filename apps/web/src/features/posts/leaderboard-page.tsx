import { useState } from "react";
import { CATEGORIES, categoryLabel, type Category } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { PageIntro } from "../../components/page-intro";
import { Spinner } from "../../components/spinner";
import { trpc } from "../../lib/trpc";
import { DiscoverTabs } from "./discover-tabs";
import { COMPARE_TEXTS } from "./texts";

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** Discover's leaderboard: models ranked by votes won on comparison posts, overall or in one category. */
export function LeaderboardPage() {
  const [category, setCategory] = useState<Category | "">("");
  const board = trpc.post.leaderboard.useQuery(category ? { category } : {});
  const T = COMPARE_TEXTS.columns;

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <PageIntro title={COMPARE_TEXTS.leaderboardTitle} subtitle={COMPARE_TEXTS.leaderboardSubtitle} />
      <div className="mt-6">
        <DiscoverTabs current="leaderboard" />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3">
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
      <div className="mt-6">
        {board.isPending ? (
          <p className="flex items-center gap-2 text-zinc-600 dark:text-zinc-300" role="status">
            <Spinner size="sm" />
            {COMPARE_TEXTS.leaderboardLoading}
          </p>
        ) : board.isError ? (
          <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
            <span>{COMPARE_TEXTS.leaderboardFailed}</span>
            <button type="button" onClick={() => void board.refetch()} className={buttonClass("secondary", "sm")}>
              Try again
            </button>
          </div>
        ) : board.data.models.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">{COMPARE_TEXTS.leaderboardEmpty}</p>
        ) : (
          <div className="overflow-x-auto rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{COMPARE_TEXTS.leaderboardSubtitle}</caption>
              <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-950 dark:text-zinc-300">
                <tr>
                  {[T.rank, T.model, T.won, T.cast, T.rate, T.score].map((heading) => (
                    <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 text-zinc-900 dark:divide-zinc-800 dark:text-zinc-100">
                {board.data.models.map((row) => (
                  <tr key={row.model_id ?? row.model_name}>
                    <td className="px-4 py-3 font-semibold">{row.rank}</td>
                    <th scope="row" className="px-4 py-3 font-medium">
                      {row.model_name}
                    </th>
                    <td className="px-4 py-3 tabular-nums">{row.votes_won}</td>
                    <td className="px-4 py-3 tabular-nums">{row.votes_cast}</td>
                    <td className="px-4 py-3 tabular-nums">{percent(row.win_rate)}</td>
                    <td className="px-4 py-3 tabular-nums">{percent(row.score)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="mt-4 text-xs text-zinc-600 dark:text-zinc-400">{COMPARE_TEXTS.leaderboardExplain}</p>
      </div>
    </section>
  );
}
