import { describe, expect, it } from "vitest";
import { scanMessages } from "../src";
import { RULES } from "../src/rules";
import { personalRules, spansOf } from "../src/scan";

// Every rule reads text people typed, so none may take more than linear time on it (docs/privacy.md,
// 'Speed'): a text crafted to make one backtrack must cost about what any text of its length costs.
// The inputs repeat the pieces each rule is built from (a scheme and '://', a local part and '@',
// digit groups, a key's prefix, a PEM header...), whole or cut short, 100 kB and more each. A
// backtracking rule spends seconds to minutes on one of them (a quadratic one on 100 kB does
// 10^10 steps); a linear one a few milliseconds. The bound is generous for a loaded machine.
const BOUND_MS = 1500;
/** The whole check on 1 MB: every rule, tens of thousands of findings, on a machine shared with other work. */
const WHOLE_BOUND_MS = 5000;
const SIZE = 100_000;

const SEEDS = [
  "",
  "a://",
  "a://b:",
  "a://b:c",
  "http://x:y@",
  "sk-",
  "sk-ant-",
  "sk-proj-",
  "ghp_",
  "github_pat_",
  "AKIA",
  "ABSK",
  "sk_live_",
  "whsec_",
  "AIza",
  "xoxb-",
  "xapp-1-",
  "https://hooks.slack.com/services/T",
  "hf_",
  "glpat-",
  "npm_",
  "eyJ",
  "eyJa.eyJa.",
  "-----BEGIN ",
  "-----BEGIN A PRIVATE KEY-----",
  "-----BEGIN PGP PRIVATE KEY BLOCK-----",
  "aws_secret_access_key=",
  "a@",
  "a@a.",
  "a.a@b-",
  "+",
  "+1 ",
  "00",
  "(1) ",
  "DE89",
  "DE89 3704 ",
  "4111 ",
  "4111-1111-",
  "Ada ",
  "ada.lovelace@",
];
const FILLERS = [
  "1234 ",
  "(212) 555-1234 ",
  "a",
  "a.",
  "a-",
  "a:",
  "a@",
  "a_",
  "1",
  "1 ",
  "1-",
  "1.",
  "12 ",
  "1234 ",
  "A",
  "A1",
  "AB12 ",
  " ",
  "\n",
  "=",
  "/",
  "\u00ad",
  "\u200b",
  "é",
  "a\u00ad",
];

/** Each seed followed by one filler over and over, and seed and filler repeated together. */
function* hostileTexts(size: number): Generator<[string, string]> {
  for (const seed of SEEDS) {
    for (const filler of FILLERS) {
      yield [`${JSON.stringify(seed)} + ${JSON.stringify(filler)}*`, seed + filler.repeat(Math.ceil((size - seed.length) / filler.length))];
      if (seed !== "")
        yield [`(${JSON.stringify(seed)} + ${JSON.stringify(filler)})*`, (seed + filler).repeat(Math.ceil(size / (seed.length + filler.length)))];
    }
  }
}

const timed = (run: () => unknown) => {
  const started = performance.now();
  run();
  return performance.now() - started;
};

describe("every rule runs in linear time", () => {
  const personal = { ownNames: ["Ada Lovelace", "Ada"], ownEmails: ["ada.lovelace@example.org"] };

  it.each(RULES.map((rule, index) => [`${rule.kind}${rule.provider ? ` (${rule.provider})` : ""}`, index] as const))(
    "%s: each hostile text of 100 kB within the bound",
    (_name, index) => {
      const rule = RULES[index]!;
      let worst = { text: "", ms: 0 };
      for (const [name, text] of hostileTexts(SIZE)) {
        const ms = timed(() => spansOf(text, rule));
        if (ms > worst.ms) worst = { text: name, ms };
      }
      expect(worst.ms, `slowest: ${worst.text} (${worst.ms.toFixed(0)} ms)`).toBeLessThan(BOUND_MS);
    },
  );

  it("the person's own name and address: each hostile text of 100 kB within the bound", () => {
    let worst = { text: "", ms: 0 };
    for (const [name, text] of hostileTexts(SIZE)) {
      const ms = timed(() => personalRules(personal).forEach((rule) => spansOf(text, rule)));
      if (ms > worst.ms) worst = { text: name, ms };
    }
    expect(worst.ms, `slowest: ${worst.text} (${worst.ms.toFixed(0)} ms)`).toBeLessThan(BOUND_MS);
  });

  it("the whole check on 1 MB texts: hostile ones and the message that made the old password rule backtrack", () => {
    const texts = [
      // What the password-in-a-link rule used to take seconds on: a scheme-like run with no '://'.
      `${"a.".repeat(500_000)}://`,
      `${"a-".repeat(500_000)}://u:p@h`,
      ("a://" + "b:".repeat(20)).repeat(12_000),
      "x".repeat(1_000_000),
      "1 ".repeat(500_000),
      "a@a.".repeat(250_000),
      ("-----BEGIN RSA PRIVATE KEY-----\n" + "A".repeat(60) + "\n").repeat(11_000),
      "eyJ" + "a".repeat(1_000_000),
      // Tens of thousands of findings: keeping one of overlapping ones must not cost their number squared.
      "x@example.com ".repeat(72_000),
      "4111 1111 1111 1111 +44 20 7946 0958 ".repeat(27_000),
      "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123 ".repeat(23_000),
      // A dump of numbers: past a slice's first 200, phone numbers are judged by their shape alone.
      "(212) 555-1234 ".repeat(67_000),
      "+99 123 456 789 ".repeat(63_000),
      // Invisible characters everywhere: taken out once, offsets mapped back once.
      "a\u00adb\u200bc@d\u200de.com ".repeat(40_000),
    ];
    for (const text of texts) {
      const ms = timed(() => scanMessages([text], personal));
      expect(ms, `${JSON.stringify(text.slice(0, 20))}... (${text.length} characters): ${ms.toFixed(0)} ms`).toBeLessThan(WHOLE_BOUND_MS);
    }
  });
});
