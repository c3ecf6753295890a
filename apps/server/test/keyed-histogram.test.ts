import { describe, expect, it } from "vitest";
import { Histogram, Registry } from "prom-client";
import { KeyedHistogram } from "../src/http/keyed-histogram";

const BUCKETS = [0.005, 0.01, 0.025, 0.1, 1];
const LABELS = ["method", "route", "status_class"] as const;

/** The same observations in a KeyedHistogram and in prom-client's Histogram, each in its own registry. */
function both() {
  const keyedRegistry = new Registry();
  const plainRegistry = new Registry();
  const options = { name: "test_duration_seconds", help: "Durations by route.", labelNames: LABELS, buckets: BUCKETS };
  const keyed = new KeyedHistogram({ ...options, registers: [keyedRegistry] });
  const plain = new Histogram({ ...options, labelNames: [...LABELS], registers: [plainRegistry] });
  return {
    keyed,
    observe(values: [string, string, string], seconds: number) {
      keyed.observe(values, seconds);
      plain.observe({ method: values[0], route: values[1], status_class: values[2] }, seconds);
    },
    texts: async () => [await keyedRegistry.metrics(), await plainRegistry.metrics()],
  };
}

describe("KeyedHistogram", () => {
  it("shows the same exposition as prom-client's Histogram for the same observations", async () => {
    const h = both();
    // On a bound, between bounds, over the last bound, zero, several series, a label value to escape.
    for (const seconds of [0.005, 0.0051, 0.02, 0.5, 1, 3, 0]) h.observe(["GET", "/api/v1/messages/public", "2xx"], seconds);
    h.observe(["POST", "/api/v1/chat/postChat", "4xx"], 0.07);
    h.observe(["GET", 'unmatched "odd" \\ path\nnext', "4xx"], 0.002);
    h.observe(["GET", "/api/v1/messages/public", "2xx"], 0.009);
    const [keyed, plain] = await h.texts();
    expect(keyed).toBe(plain);
    expect(keyed).toContain('test_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/messages/public",status_class="2xx"} 2');
    expect(keyed).toContain('test_duration_seconds_count{method="GET",route="/api/v1/messages/public",status_class="2xx"} 8');
  });

  it("shows nothing but its name before the first observation, and again after a reset", async () => {
    const h = both();
    const [empty, plainEmpty] = await h.texts();
    expect(empty).toBe(plainEmpty);
    h.observe(["GET", "/", "2xx"], 0.01);
    h.keyed.reset();
    expect((await h.texts())[0]).toBe(empty);
  });

  it("refuses a value that is not a number, as prom-client does", () => {
    const h = both();
    expect(() => h.keyed.observe(["GET", "/", "2xx"], Number.NaN)).toThrow(TypeError);
  });
});
