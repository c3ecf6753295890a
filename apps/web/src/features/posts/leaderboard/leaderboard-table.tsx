import type { RouterOutputs } from "@parley/api";
import { COMPARE_TEXTS } from "../texts";

export type Board = RouterOutputs["post"]["leaderboard"];

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The rated models: rank range, name (marked provisional under the documented vote count), rating with its 95% interval, votes, win rate. */
export function LeaderboardTable({ board }: { board: Board }) {
  const T = COMPARE_TEXTS.columns;
  return (
    <div className="overflow-x-auto rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{COMPARE_TEXTS.leaderboardSubtitle}</caption>
        <thead className="bg-zinc-50 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-950 dark:text-zinc-300">
          <tr>
            {[T.rank, T.model, T.rating, T.interval, T.votes, T.rate].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 text-zinc-900 dark:divide-zinc-800 dark:text-zinc-100">
          {board.models.map((row) => (
            <tr key={row.model_id ?? row.model_name}>
              <td className="px-4 py-3 font-semibold tabular-nums">{COMPARE_TEXTS.rankRange(row.rank_low, row.rank_high)}</td>
              <th scope="row" className="px-4 py-3 font-medium">
                {row.model_name}
                {row.provisional && (
                  <span
                    title={COMPARE_TEXTS.provisionalHint(board.method.provisional_below)}
                    className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100"
                  >
                    {COMPARE_TEXTS.provisional}
                  </span>
                )}
              </th>
              <td className="px-4 py-3 tabular-nums">{Math.round(row.rating)}</td>
              <td className="px-4 py-3 tabular-nums">
                <IntervalBar low={row.ci_low} rating={row.rating} high={row.ci_high} board={board} />
              </td>
              <td className="px-4 py-3 tabular-nums">{row.votes}</td>
              <td className="px-4 py-3 tabular-nums">{percent(row.win_rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The interval as text, with a bar on the board's common scale beside it (decorative: the text says it all). */
function IntervalBar({ low, rating, high, board }: { low: number; rating: number; high: number; board: Board }) {
  const min = Math.min(...board.models.map((row) => row.ci_low));
  const max = Math.max(...board.models.map((row) => row.ci_high));
  const span = max - min || 1;
  const at = (value: number) => `${((value - min) / span) * 100}%`;
  return (
    <span className="flex items-center gap-3">
      <span className="whitespace-nowrap">{COMPARE_TEXTS.interval(low, high)}</span>
      <span aria-hidden="true" className="relative hidden h-2 w-24 rounded-full bg-zinc-100 sm:inline-block dark:bg-zinc-800">
        <span className="absolute inset-y-0 rounded-full bg-sky-300 dark:bg-sky-700" style={{ left: at(low), width: `${((high - low) / span) * 100}%` }} />
        <span className="absolute inset-y-[-2px] w-0.5 bg-sky-900 dark:bg-sky-100" style={{ left: at(rating) }} />
      </span>
    </span>
  );
}
