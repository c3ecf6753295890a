import { COMPARE_TEXTS } from "../texts";
import type { Board } from "./leaderboard-table";

/** A cell's background: red under 50%, green over, stronger the further from even; none without decided votes. */
function shade(rate: number | null) {
  if (rate === null) return undefined;
  const strength = Math.min(1, Math.abs(rate - 0.5) * 2);
  const hue = rate >= 0.5 ? "142 70% 45%" : "0 75% 55%";
  return { backgroundColor: `hsl(${hue} / ${(0.12 + 0.5 * strength).toFixed(2)})` };
}

/** The pairwise win rates as a heatmap that is also a plain table: each cell says its rate and the votes behind it. */
export function PairsHeatmap({ board }: { board: Board }) {
  const { models, win_rates: rates, counts } = board.pairs;
  if (models.length < 2) return null;
  return (
    <section aria-labelledby="pairs-title" className="mt-8">
      <h2 id="pairs-title" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        {COMPARE_TEXTS.pairsTitle}
      </h2>
      <div className="mt-3 overflow-x-auto rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        <table className="text-left text-xs">
          <caption className="px-4 py-2 text-left text-xs text-zinc-600 dark:text-zinc-400">{COMPARE_TEXTS.pairsCaption}</caption>
          <thead>
            <tr>
              <td />
              {models.map((name) => (
                <th key={name} scope="col" className="px-3 py-2 font-semibold text-zinc-700 dark:text-zinc-200">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {models.map((name, i) => (
              <tr key={name}>
                <th scope="row" className="px-3 py-2 font-semibold whitespace-nowrap text-zinc-700 dark:text-zinc-200">
                  {name}
                </th>
                {models.map((other, j) => (
                  <td
                    key={other}
                    className="px-3 py-2 text-center tabular-nums text-zinc-900 dark:text-zinc-100"
                    style={i === j ? undefined : shade(rates[i]![j]!)}
                  >
                    {i === j ? "" : COMPARE_TEXTS.pairsCell(rates[i]![j]!, counts[i]![j]!)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
