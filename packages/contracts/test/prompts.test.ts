import { describe, expect, it } from "vitest";
import { PROMPT_LIMITS, fillPromptVariables, parsePromptVariables, promptSegments } from "../src/prompts";
import { promptInputs, promptLibraryFile } from "../src/schemas/prompt";
import { chatInputs } from "../src/schemas/chat";

describe("parsePromptVariables", () => {
  it("finds {{name}} and {{name|default}} once each, in order, the first default winning", () => {
    expect(parsePromptVariables("Write about {{topic}} for {{audience|beginners}}; again {{topic|ignored}} and {{audience|experts}}.")).toEqual([
      { name: "topic", default: "ignored" },
      { name: "audience", default: "beginners" },
    ]);
  });

  it("takes only names of a letter or _ then up to 39 letters, digits or _", () => {
    const forty = `a${"b".repeat(39)}`;
    expect(parsePromptVariables(`{{${forty}}} {{${forty}x}} {{1abc}} {{ spaced }} {{with-dash}} {{_ok9}}`)).toEqual([
      { name: forty, default: null },
      { name: "_ok9", default: null },
    ]);
  });

  it("reads \\{{ as a literal {{, not a variable", () => {
    expect(parsePromptVariables("Use \\{{name}} literally, and {{real}}")).toEqual([{ name: "real", default: null }]);
    expect(promptSegments("a \\{{x}} b {{y|z}}")).toEqual([
      { kind: "text", text: "a {{x}} b " },
      { kind: "variable", name: "y", default: "z", raw: "{{y|z}}" },
    ]);
  });

  it("keeps an empty default as a default, and a default ends at the first }}", () => {
    expect(parsePromptVariables("{{a|}} {{b|x } y}}")).toEqual([
      { name: "a", default: "" },
      { name: "b", default: "x } y" },
    ]);
  });
});

describe("fillPromptVariables", () => {
  it("fills every place of a variable with its value", () => {
    expect(fillPromptVariables("Hi {{who}}, bye {{who}}.", { who: "Ada" })).toEqual({ text: "Hi Ada, bye Ada." });
  });

  it("names each missing variable once, in order, and gives no text", () => {
    const filled = fillPromptVariables("{{b}} {{a}} {{b}} {{c|ok}}", { a: "" });
    expect(filled).toEqual({ missing: ["b", "a"] });
    expect(filled.text).toBeUndefined();
  });

  it("uses the default for an absent or empty value, the first default where a place has none", () => {
    expect(fillPromptVariables("{{tone|warm}} and {{tone}}", {})).toEqual({ text: "warm and warm" });
    expect(fillPromptVariables("{{tone|warm}} and {{tone}}", { tone: "" })).toEqual({ text: "warm and warm" });
    expect(fillPromptVariables("{{tone|warm}}", { tone: "dry" })).toEqual({ text: "dry" });
    expect(fillPromptVariables("[{{x|}}]", {})).toEqual({ text: "[]" });
  });

  it("turns \\{{ into {{ and puts values in as given, without reading variables inside them", () => {
    expect(fillPromptVariables("\\{{keep}} {{v}}", { v: "{{other}} \\{{" })).toEqual({ text: "{{keep}} {{other}} \\{{" });
  });

  it("does not take values from the object's prototype", () => {
    expect(fillPromptVariables("{{toString}}", {})).toEqual({ missing: ["toString"] });
  });
});

describe("prompt inputs", () => {
  const text = (n: number) => Array.from({ length: n }, (_, i) => `{{v${i}}}`).join(" ");

  it("takes up to 20 distinct variables and refuses the 21st with a message", () => {
    expect(promptInputs.create.safeParse({ name: "n", text: text(20) }).success).toBe(true);
    // The same variable repeated counts once.
    expect(promptInputs.create.safeParse({ name: "n", text: `${text(20)} {{v0}} {{v19|x}}` }).success).toBe(true);
    const refused = promptInputs.create.safeParse({ name: "n", text: text(21) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("A prompt can use at most 20 different variables ({{name}}).");
  });

  it("keeps names, texts and descriptions within their limits", () => {
    const ok = promptInputs.create.parse({ name: `  ${"n".repeat(100)}  `, text: "t".repeat(PROMPT_LIMITS.text), description: "  " });
    expect(ok.name).toHaveLength(100);
    expect(ok.description).toBeNull();
    expect(ok.category).toBe("general");
    const messages = (input: unknown) => promptInputs.create.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ name: "n".repeat(101), text: "t" })).toEqual(["A prompt's name can be at most 100 characters."]);
    expect(messages({ name: "n", text: "t".repeat(20_001) })).toEqual(["A prompt's text can be at most 20,000 characters."]);
    expect(messages({ name: "n", text: "t", description: "d".repeat(501) })).toEqual(["A prompt's description can be at most 500 characters."]);
    expect(messages({ name: " ", text: "t" })).toEqual(["Give the prompt a name."]);
    expect(messages({ name: "n", text: "  \n" })).toEqual(["Write the prompt's text first: it cannot be empty."]);
    expect(messages({ name: "n", text: "t", category: "ai" })?.[0]).toMatch(/^must be one of general, technology/);
    expect(messages({ name: "n", text: "a\u0000b" })?.[0]).toMatch(/^must not contain NUL/);
  });

  it("answers a larger Discover page with the largest, and defaults to trending", () => {
    expect(promptInputs.discover.parse(undefined)).toEqual({ sort: "trending", limit: 20 });
    expect(promptInputs.discover.parse({ limit: 500 }).limit).toBe(PROMPT_LIMITS.discoverMax);
    expect(promptInputs.discover.safeParse({ sort: "popular" }).success).toBe(false);
  });

  it("lets a chat send name the prompt and version it came from", () => {
    const send = chatInputs.send.parse({ messages: [{ content: "hi" }], model_id: "m", promptId: "7", promptVersion: 2 });
    expect([send.promptId, send.promptVersion]).toEqual([7, 2]);
    expect(chatInputs.send.safeParse({ messages: [{ content: "hi" }], model_id: "m", promptVersion: 0 }).success).toBe(false);
  });
});

describe("promptLibraryFile", () => {
  const file = { format: "parley.prompts", version: 1, prompts: [{ name: "A", text: "Say {{x}}", versions: [{ name: "A", text: "Old" }] }] };

  it("reads our format with its defaults", () => {
    expect(promptLibraryFile.parse(file).prompts[0]).toEqual({
      name: "A",
      text: "Say {{x}}",
      description: null,
      category: "general",
      versions: [{ name: "A", text: "Old" }],
    });
  });

  it("refuses another format or version, too many prompts, and a bad prompt anywhere in it", () => {
    expect(promptLibraryFile.safeParse({ ...file, format: "other" }).error?.issues[0]?.message).toMatch(/not a Parley prompt library file/);
    expect(promptLibraryFile.safeParse({ ...file, version: 2 }).success).toBe(false);
    const many = { ...file, prompts: Array.from({ length: PROMPT_LIMITS.importPrompts + 1 }, () => file.prompts[0]) };
    expect(promptLibraryFile.safeParse(many).error?.issues[0]?.message).toBe("A library file can hold at most 500 prompts.");
    const bad = { ...file, prompts: [file.prompts[0], { name: "B", text: "" }] };
    expect(promptLibraryFile.safeParse(bad).error?.issues[0]?.path).toEqual(["prompts", 1, "text"]);
  });
});

describe("the variable parser on crafted texts", () => {
  // Each shape below made the former pattern try, at every `{{`, a default running to the end of
  // the line: time in the square of the length. Read in one pass, each takes a few milliseconds;
  // the bound is generous for a loaded machine and far below what the square would cost (minutes
  // at 1,000,000 characters).
  const shapes: [string, string][] = [
    ["{{a| repeated", "{{a|".repeat(250_000)],
    ["{{ repeated", "{{".repeat(500_000)],
    ["{{a|x} repeated", "{{a|x}".repeat(170_000)],
    ["a long default with no end", `{{a|${"x".repeat(1_000_000)}`],
    ["\\{{ repeated", "\\{{".repeat(330_000)],
    ["{{name| and a newline repeated", "{{abcdefghij|\n".repeat(70_000)],
    ["a name of 40 letters and more, repeated", `{{${"a".repeat(60)}`.repeat(16_000)],
  ];

  it.each(shapes)("reads %s (about 1,000,000 characters) in linear time", (_, text) => {
    const started = performance.now();
    promptSegments(text);
    parsePromptVariables(text);
    fillPromptVariables(text, {});
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("cuts texts as the earlier pattern did", () => {
    // The earlier pattern, kept as the reference: the same tokens, found by backtracking.
    const reference = (text: string) => {
      const out: { kind: string; text?: string; name?: string; default?: string | null; raw?: string }[] = [];
      let plain = "";
      let last = 0;
      for (const match of text.matchAll(/\\\{\{|\{\{([A-Za-z_][A-Za-z0-9_]{0,39})(?:\|((?:(?!\}\})[^\n])*))?\}\}/g)) {
        plain += text.slice(last, match.index);
        last = match.index + match[0].length;
        if (match[0] === "\\{{") {
          plain += "{{";
          continue;
        }
        if (plain) out.push({ kind: "text", text: plain });
        plain = "";
        out.push({ kind: "variable", name: match[1]!, default: match[2] ?? null, raw: match[0] });
      }
      plain += text.slice(last);
      if (plain) out.push({ kind: "text", text: plain });
      return out;
    };
    const alphabet = ["{", "{", "}", "}", "|", "\\", "\n", "a", "_", "1", " "];
    let seed = 38;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from({ length: next() % 24 }, () => alphabet[next() % alphabet.length]).join("");
      expect(promptSegments(text), JSON.stringify(text)).toEqual(reference(text));
    }
    for (const text of [`${"{{a|".repeat(1_000)}{{b|ok}} {{a|}}`, "{{{x}}} {{a|b\n}} {{c|d}}}", "\\\\{{x}}", `{{${"a".repeat(40)}}} {{${"a".repeat(41)}}}`]) {
      expect(promptSegments(text)).toEqual(reference(text));
    }
  });
});
