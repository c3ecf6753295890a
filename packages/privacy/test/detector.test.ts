import { describe, expect, it } from "vitest";
import { FINDING_KINDS, isCardNumber, isIban, passesLuhn, redactMessages, scanMessages, scanText, segmentsOf, type FindingKind } from "../src";
import { FALSE_POSITIVES, OWN, TRUE_POSITIVES } from "./corpus";
import { LABELLED_CORPUS } from "./fixtures/labelled-corpus";

const options = { ownNames: OWN.names, ownEmails: OWN.emails };

describe("detector corpus", () => {
  it("finds what it should and little else (precision and recall printed)", () => {
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    const misses: string[] = [];
    const extras: string[] = [];
    const cases = [...TRUE_POSITIVES, ...FALSE_POSITIVES.map((text) => ({ text, expect: [] }))];
    for (const { text, expect: wanted } of cases) {
      const found = scanText(text, options).map((s) => `${s.kind}:${s.text}`);
      const expected = wanted.map((w) => `${w.kind}:${w.text}`);
      for (const f of found) {
        if (expected.includes(f)) {
          truePositives++;
        } else {
          falsePositives++;
          extras.push(`${f}  (in ${JSON.stringify(text)})`);
        }
      }
      for (const e of expected.filter((e) => !found.includes(e))) {
        falseNegatives++;
        misses.push(`${e}  (in ${JSON.stringify(text)})`);
      }
    }
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.log(
      `privacy detector corpus: ${cases.length} texts (${TRUE_POSITIVES.length} with findings, ${FALSE_POSITIVES.length} without), ` +
        `${truePositives} found, ${falsePositives} false positives, ${falseNegatives} missed: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}` +
        (misses.length ? `\n  missed: ${misses.join("\n          ")}` : "") +
        (extras.length ? `\n  flagged wrongly: ${extras.join("\n                   ")}` : ""),
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });
});

describe("labelled corpus (test/fixtures/labelled-corpus.ts)", () => {
  // Targets (docs/privacy.md): recall at least 0.95 on keys, cards, e-mail addresses and private
  // keys; precision at least 0.9 on every kind the check shows.
  const RECALL_TARGETS: FindingKind[] = ["api_key", "card", "email", "private_key"];

  it("recall and precision per kind, printed", () => {
    const figures = new Map<FindingKind, { expected: number; found: number; right: number }>(
      FINDING_KINDS.map((kind) => [kind, { expected: 0, found: 0, right: 0 }]),
    );
    const wrong: string[] = [];
    for (const sample of LABELLED_CORPUS) {
      const found = scanMessages(sample.messages).map((f) => `${f.message}|${f.kind}|${f.text}`);
      const expected = sample.expect.map((e) => `${e.message ?? 0}|${e.kind}|${e.text}`);
      for (const e of sample.expect) figures.get(e.kind)!.expected++;
      for (const f of found) {
        const kind = f.split("|")[1] as FindingKind;
        figures.get(kind)!.found++;
        if (expected.includes(f)) figures.get(kind)!.right++;
        else wrong.push(`flagged ${f}  (${sample.source}: ${JSON.stringify(sample.messages).slice(0, 120)})`);
      }
      for (const e of expected.filter((e) => !found.includes(e))) wrong.push(`missed ${e}  (${sample.source})`);
    }
    const rows = [...figures].filter(([, f]) => f.expected + f.found > 0);
    const recall = (f: { expected: number; right: number }) => (f.expected === 0 ? 1 : f.right / f.expected);
    const precision = (f: { found: number; right: number }) => (f.found === 0 ? 1 : f.right / f.found);
    console.log(
      `labelled corpus: ${LABELLED_CORPUS.length} samples (${LABELLED_CORPUS.filter((s) => s.expect.length === 0).length} with nothing to find)\n` +
        rows
          .map(
            ([kind, f]) =>
              `  ${kind.padEnd(12)} expected ${String(f.expected).padStart(3)}  found ${String(f.found).padStart(3)}  right ${String(f.right).padStart(3)}  recall ${recall(f).toFixed(3)}  precision ${precision(f).toFixed(3)}`,
          )
          .join("\n") +
        (wrong.length ? `\n  ${wrong.join("\n  ")}` : ""),
    );
    for (const [kind, f] of rows) {
      expect(precision(f), `precision of ${kind}`).toBeGreaterThanOrEqual(0.9);
      if (RECALL_TARGETS.includes(kind)) expect(recall(f), `recall of ${kind}`).toBeGreaterThanOrEqual(0.95);
    }
  });

  it("a finding split by an invisible character is the whole run in the message, and redacting it leaves nothing of it", () => {
    const text = `key: ghp_${"a1B2".repeat(5)}\u00ad${"c3D4".repeat(4)} done`;
    const [finding] = scanMessages([text]);
    expect(finding).toMatchObject({ kind: "api_key", start: 5, end: text.indexOf(" done") });
    expect(redactMessages([text], [finding!])).toEqual(["key: [redacted API key] done"]);
  });
});

describe("checksums", () => {
  it("Luhn and the card networks' shapes", () => {
    expect(passesLuhn("79927398713")).toBe(true);
    expect(passesLuhn("79927398710")).toBe(false);
    expect(isCardNumber("4242424242424242")).toBe(true);
    expect(isCardNumber("4242424242424241")).toBe(false);
    // Luhn-valid, but no network issues numbers starting with 1.
    expect(isCardNumber("1234567890123452")).toBe(false);
  });

  it("IBAN mod-97 and the country's length", () => {
    expect(isIban("DE89370400440532013000")).toBe(true);
    expect(isIban("DE89370400440532013001")).toBe(false);
    expect(isIban("DE8937040044053201300")).toBe(false);
    expect(isIban("NL91ABNA0417164300")).toBe(true);
  });
});

describe("findings in messages", () => {
  const messages = ["write to bob@example.com", "nothing here", "key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 and bob@example.com"];

  it("name their message and offsets, the same ids for the same text", () => {
    const findings = scanMessages(messages);
    expect(findings.map((f) => [f.kind, f.message, messages[f.message]!.slice(f.start, f.end)])).toEqual([
      ["email", 0, "bob@example.com"],
      ["api_key", 2, "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123"],
      ["email", 2, "bob@example.com"],
    ]);
    expect(findings[1]!.provider).toBe("Anthropic");
    expect(scanMessages(messages).map((f) => f.id)).toEqual(findings.map((f) => f.id));
  });

  it("redacts the chosen ones only, with their markers", () => {
    const findings = scanMessages(messages);
    const chosen = findings.filter((f) => f.kind === "api_key" || f.message === 0);
    expect(redactMessages(messages, chosen)).toEqual(["write to [redacted e-mail]", "nothing here", "key [redacted API key] and bob@example.com"]);
    expect(messages[0]).toBe("write to bob@example.com");
  });

  it("cuts a text into plain runs and findings", () => {
    const findings = scanMessages(messages).filter((f) => f.message === 2);
    expect(segmentsOf(messages[2]!, findings).map((s) => [s.text, s.findingId !== null])).toEqual([
      ["key ", false],
      ["sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123", true],
      [" and ", false],
      ["bob@example.com", true],
    ]);
  });

  it("a name shorter than three letters is not looked for", () => {
    expect(scanText("Al went to Al's", { ownNames: ["Al"] })).toEqual([]);
  });
});
