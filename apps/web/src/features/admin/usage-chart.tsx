import type { RouterOutputs } from "@parley/api";
import { numberFormat } from "./texts";

type Usage = RouterOutputs["admin"]["usage"];

/** Colours of the models' bars, in the legend's order (readable on light and dark). */
const COLOURS = ["#6d5ce8", "#0ea5e9", "#f59e0b", "#10b981", "#ef4444", "#a855f7", "#64748b"];
const colourOf = (index: number) => COLOURS[index % COLOURS.length]!;

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

/**
 * Tokens per day, a stacked bar per day with one colour per model, drawn as plain SVG. The
 * picture has a one-sentence summary as its name; the numbers are in the tables beside it.
 */
export function UsageChart({ usage }: { usage: Usage }) {
  const keys = usage.models.map((model) => model.key);
  const byDay = new Map(usage.days.map((day) => [day, new Map<string, number>()]));
  for (const point of usage.points) byDay.get(point.day)?.set(point.model_key, point.tokens);
  const totals = usage.days.map((day) => [...(byDay.get(day)?.values() ?? [])].reduce((a, b) => a + b, 0));
  const max = Math.max(1, ...totals);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / usage.days.length;
  const bar = Math.max(2, slot * 0.7);
  const y = (tokens: number) => PAD.top + plotHeight - (tokens / max) * plotHeight;
  const total = totals.reduce((a, b) => a + b, 0);
  const busiest = usage.days[totals.indexOf(Math.max(...totals))];
  const summary =
    total === 0
      ? `No tokens used from ${usage.from} to ${usage.to}.`
      : `${numberFormat.format(total)} tokens from ${usage.from} to ${usage.to} across ${usage.models.length} model${usage.models.length === 1 ? "" : "s"}; the busiest day was ${busiest} with ${numberFormat.format(Math.max(...totals))}.`;
  const labelEvery = Math.ceil(usage.days.length / 8);

  return (
    <figure className="space-y-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Chart of tokens by day and model. ${summary}`} className="h-auto w-full">
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(max * share)} y2={y(max * share)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={PAD.left - 6} y={y(max * share) + 4} textAnchor="end" fontSize={11} fill="currentColor">
              {numberFormat.format(Math.round(max * share))}
            </text>
          </g>
        ))}
        {usage.days.map((day, index) => {
          let base = 0;
          const x = PAD.left + index * slot + (slot - bar) / 2;
          return (
            <g key={day} data-day={day}>
              {keys.map((key, k) => {
                const tokens = byDay.get(day)?.get(key) ?? 0;
                if (tokens === 0) return null;
                const top = y(base + tokens);
                const height = y(base) - top;
                base += tokens;
                return <rect key={key} x={x} y={top} width={bar} height={Math.max(1, height)} fill={colourOf(k)} />;
              })}
              {index % labelEvery === 0 && (
                <text x={x + bar / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill="currentColor">
                  {day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="text-sm text-zinc-700 dark:text-zinc-300">{summary}</figcaption>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Models in the chart">
        {usage.models.map((model, k) => (
          <li key={model.key} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: colourOf(k) }} />
            {model.model_name}
          </li>
        ))}
      </ul>
    </figure>
  );
}
