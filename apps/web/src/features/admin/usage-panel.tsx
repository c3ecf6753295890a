import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { ADMIN_TEXTS, numberFormat } from "./texts";
import { UsageChart } from "./usage-chart";

const RANGES = [7, 30, 90] as const;
const CELL = "px-3 py-2 text-left";

/** Usage by model and by day: the chart, and the same numbers as tables. */
export function UsagePanel() {
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const usage = trpc.admin.usage.useQuery({ days }, { placeholderData: (previous) => previous });
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">{ADMIN_TEXTS.usageHeading(days)}</h3>
        <div role="group" aria-label="Period" className="flex gap-1">
          {RANGES.map((range) => (
            <button
              key={range}
              type="button"
              aria-pressed={days === range}
              onClick={() => setDays(range)}
              className={`rounded-full px-3 py-1 text-sm ${days === range ? "bg-zinc-900 text-white dark:bg-white dark:text-zinc-900" : "bg-zinc-100 dark:bg-zinc-800"}`}
            >
              {range} days
            </button>
          ))}
        </div>
      </div>
      {usage.isPending ? (
        <p role="status">{ADMIN_TEXTS.loading}</p>
      ) : usage.isError ? (
        <p role="alert">{ADMIN_TEXTS.loadFailed}</p>
      ) : (
        <>
          <UsageChart usage={usage.data} />
          {usage.data.models.length === 0 ? (
            <p>{ADMIN_TEXTS.noUsage}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="text-left text-sm font-medium">By model</caption>
                <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
                  <tr>
                    <th scope="col" className={CELL}>
                      Model
                    </th>
                    <th scope="col" className={`${CELL} text-right`}>
                      Replies
                    </th>
                    <th scope="col" className={`${CELL} text-right`}>
                      Input tokens
                    </th>
                    <th scope="col" className={`${CELL} text-right`}>
                      Output tokens
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {usage.data.models.map((model) => (
                    <tr key={model.key} className="border-b border-zinc-100 dark:border-zinc-900">
                      <th scope="row" className={`${CELL} font-normal`}>
                        {model.model_name} <span className="text-xs text-zinc-600 dark:text-zinc-400">({model.service})</span>
                      </th>
                      <td className={`${CELL} text-right tabular-nums`}>{numberFormat.format(model.replies)}</td>
                      <td className={`${CELL} text-right tabular-nums`}>{numberFormat.format(model.input_tokens)}</td>
                      <td className={`${CELL} text-right tabular-nums`}>{numberFormat.format(model.output_tokens)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {usage.data.points.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">The numbers by day</summary>
              <table className="mt-2 w-full">
                <thead>
                  <tr>
                    <th scope="col" className={CELL}>
                      Day
                    </th>
                    <th scope="col" className={CELL}>
                      Model
                    </th>
                    <th scope="col" className={`${CELL} text-right`}>
                      Tokens
                    </th>
                    <th scope="col" className={`${CELL} text-right`}>
                      Replies
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {usage.data.points.map((point) => (
                    <tr key={`${point.day} ${point.model_key}`}>
                      <td className={CELL}>{point.day}</td>
                      <td className={CELL}>{usage.data.models.find((m) => m.key === point.model_key)?.model_name ?? point.model_key}</td>
                      <td className={`${CELL} text-right tabular-nums`}>{numberFormat.format(point.tokens)}</td>
                      <td className={`${CELL} text-right tabular-nums`}>{numberFormat.format(point.replies)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}
        </>
      )}
    </div>
  );
}
