import type { Registry } from "prom-client";

type Series = { labels: Record<string, string>; counts: number[]; sum: number; count: number };
type Level = Map<string, Level | Series>;

export type KeyedHistogramOptions<Names extends string> = {
  name: string;
  help: string;
  labelNames: readonly Names[];
  /** Upper bounds, ascending. */
  buckets: readonly number[];
  registers: Registry[];
};

/**
 * A histogram for a hot path: an observation is one map lookup by its label values and one bucket
 * search. prom-client's own Histogram checks, sorts and hashes the labels object on every call,
 * which costs more than the rest of a small request's bookkeeping. The registry shows it in the
 * same exposition format as a prom-client Histogram with the same name, labels and buckets.
 */
export class KeyedHistogram<Names extends string> {
  readonly name: string;
  readonly help: string;
  readonly type = "histogram";
  readonly aggregator = "sum";
  readonly #labelNames: readonly Names[];
  readonly #bounds: readonly number[];
  /** Label value → the next label's map, down to the series; and every series in creation order. */
  #root: Level = new Map();
  #series: Series[] = [];

  constructor(options: KeyedHistogramOptions<Names>) {
    this.name = options.name;
    this.help = options.help;
    this.#labelNames = options.labelNames;
    this.#bounds = options.buckets;
    for (const registry of options.registers) registry.registerMetric(this as never);
  }

  /** Records `value` under the labels given in the order of `labelNames`. */
  observe(labelValues: readonly string[], value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
    const series = this.#seriesOf(labelValues);
    series.sum += value;
    series.count += 1;
    const bounds = this.#bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        series.counts[i]! += 1;
        break;
      }
    }
  }

  /** The series of these label values, found through one map per label (no key string to build and hash). */
  #seriesOf(labelValues: readonly string[]): Series {
    let level: Level = this.#root;
    const last = this.#labelNames.length - 1;
    for (let i = 0; i < last; i++) {
      const value = labelValues[i] ?? "";
      let next = level.get(value) as Level | undefined;
      if (!next) level.set(value, (next = new Map()));
      level = next;
    }
    const value = labelValues[last] ?? "";
    let series = level.get(value) as Series | undefined;
    if (!series) {
      const labels: Record<string, string> = {};
      for (const [i, label] of this.#labelNames.entries()) labels[label] = labelValues[i] ?? "";
      series = { labels, counts: new Array<number>(this.#bounds.length).fill(0), sum: 0, count: 0 };
      level.set(value, series);
      this.#series.push(series);
    }
    return series;
  }

  /** What prom-client's registry reads: cumulative buckets, then +Inf, the sum and the count per series. */
  async get() {
    const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
    const bucketName = `${this.name}_bucket`;
    for (const { labels, counts, sum, count } of this.#series) {
      let cumulative = 0;
      for (const [i, bound] of this.#bounds.entries()) {
        cumulative += counts[i]!;
        values.push({ metricName: bucketName, labels: { le: bound, ...labels }, value: cumulative });
      }
      values.push({ metricName: bucketName, labels: { le: "+Inf", ...labels }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.#root = new Map();
    this.#series = [];
  }
}
