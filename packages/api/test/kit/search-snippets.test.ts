import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "../../src/kit/search/plain-text";
import { toSnippet } from "../../src/kit/search/text-search";

// A search snippet reads as plain text: the markdown of the message it was cut from is taken out
// and the searched words stay highlighted (issue 38, item 30). Messages are anyone's text, so the
// stripping takes linear time on any of them: crafted texts of 100 kB to 1 MB are bounded.

// ts_headline's markers around a searched word, as text-search.ts asks for them.
const mark = (word: string) => `\u27E6${word}\u27E7`;
const plain = (parts: { text: string; match: boolean }[]) => parts.map((part) => (part.match ? `<${part.text}>` : part.text)).join("");

describe("a snippet as plain text", () => {
  it("takes out emphasis, code, headings, quotes, lists, links, images, tables and rules, keeping the highlighted words", () => {
    expect(plain(toSnippet(`**${mark("Tides")}** are caused by the _moon's_ pull`))).toBe("<Tides> are caused by the moon's pull");
    expect(plain(toSnippet(`## How ${mark("tides")} work\n\n- the *moon*\n- the ~~sun~~ too\n1. ${mark("spring")} tides`))).toBe(
      "How <tides> work the moon the sun too <spring> tides",
    );
    expect(plain(toSnippet(`> quoted ${mark("sourdough")}\n> > nested`))).toBe("quoted <sourdough> nested");
    expect(plain(toSnippet(`Read [the ${mark("guide")}](https://example.com/guide) and ![a diagram](/img/d.png) here`))).toBe(
      "Read the <guide> and a diagram here",
    );
    expect(plain(toSnippet(`Run \`npm ${mark("install")}\` first\n\`\`\`bash\necho **not bold** ${mark("install")}\n\`\`\``))).toBe(
      "Run npm <install> first echo **not bold** <install>",
    );
    expect(plain(toSnippet(`| Model | ${mark("Score")} |\n|---|:--:|\n| A | 3 |`))).toBe("Model <Score> A 3");
    expect(plain(toSnippet(`above\n\n---\n\n***${mark("below")}***`))).toBe("above <below>");
    expect(plain(toSnippet(`- [x] done ${mark("task")}\n- [ ] open`))).toBe("done <task> open");
    expect(plain(toSnippet(`escaped \\*stars\\* and \\_under\\_ ${mark("kept")}`))).toBe("escaped *stars* and _under_ <kept>");
  });

  it("keeps what only looks like syntax: arithmetic, snake_case, a redaction marker, a tilde, a cut link, angle brackets", () => {
    expect(markdownToPlainText("2 * 3 = 6 and 5*3=15")).toBe("2 * 3 = 6 and 5*3=15");
    expect(markdownToPlainText("call snake_case_name() now")).toBe("call snake_case_name() now");
    expect(markdownToPlainText("Deploy with [redacted API key] today")).toBe("Deploy with [redacted API key] today");
    expect(markdownToPlainText("about ~5 minutes")).toBe("about ~5 minutes");
    // A snippet cut inside a link: its address still goes.
    expect(markdownToPlainText("guide](https://example.com/guide) and more")).toBe("guide and more");
    expect(markdownToPlainText("a [bracket] (aside) stays")).toBe("a [bracket] (aside) stays");
    expect(plain(toSnippet(`if a \uE000 b and c \uE001 d then ${mark("x")}`))).toBe("if a < b and c > d then <x>");
  });

  it("takes linear time on any text: crafted texts of 100 kB to 1 MB within a bound", { timeout: 120_000 }, () => {
    const pieces = [
      "*",
      "**a",
      "_a",
      "~~",
      "`",
      "``a",
      "[",
      "![",
      "](",
      "[](",
      "]( ",
      "[a](b",
      "\\",
      "\\*",
      "> ",
      "#",
      "# ",
      "- ",
      "1. ",
      "|",
      "| a ",
      "---",
      "```\n",
      "a\n",
      "\u27E6",
      "\u27E6a\u27E7*",
    ];
    const timed = (text: string) => {
      const started = performance.now();
      markdownToPlainText(text, "\u27E6\u27E7");
      return performance.now() - started;
    };
    // At 1 MB, the pieces that cost the most at 100 kB (a run of them each, most of the time otherwise).
    const large = new Set(["[", "![", "](", "_a", "`", "| a ", "a\n", "\u27E6a\u27E7*"]);
    const texts = (size: number) =>
      pieces.flatMap((piece) => [
        ...(size > 100_000 && !large.has(piece) ? [] : [[`${JSON.stringify(piece)}*`, piece.repeat(Math.ceil(size / piece.length))]]),
        // Mixed with text and after an opening bracket too (100 kB).
        ...(size > 100_000
          ? []
          : [
              [`(${JSON.stringify(piece)} + "a")*`, `${piece}a`.repeat(Math.ceil(size / (piece.length + 1)))],
              [`"[" + ${JSON.stringify(piece)}*`, `[${piece.repeat(Math.ceil(size / piece.length))}`],
            ]),
      ]);
    // Linear: tens of milliseconds for 100 kB and hundreds for 1 MB on a loaded machine (the bounds
    // allow for a busier one, as the privacy rules' do); a quadratic pass over 100 kB takes 10^10
    // steps, minutes.
    for (const [size, bound] of [
      [100_000, 1500],
      [1_000_000, 5000],
    ] as const) {
      let worst = { name: "", ms: 0 };
      for (const [name, text] of texts(size)) {
        const ms = timed(text!);
        if (ms > worst.ms) worst = { name: name!, ms };
      }
      expect(worst.ms, `slowest of ${size} characters: ${worst.name} (${worst.ms.toFixed(0)} ms)`).toBeLessThan(bound);
    }
  });
});
