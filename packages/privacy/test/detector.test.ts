import { describe, expect, it } from "vitest";
import { isCardNumber, isIban, passesLuhn, redactMessages, scanMessages, scanText, segmentsOf } from "../src";
import { FALSE_POSITIVES, OWN, TRUE_POSITIVES } from "./corpus";

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
