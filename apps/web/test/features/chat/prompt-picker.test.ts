import { describe, expect, it } from "vitest";
import { matchPrompts } from "../../../src/features/chat/prompt-picker";

const prompts = [
  { id: 1, name: "Concise answers", prompt: "Answer as briefly as possible." },
  { id: 2, name: "Explain recursion", prompt: "Explain recursion to {{audience}}." },
  { id: 3, name: "Code reviewer", prompt: "Review the code; explain each bug briefly." },
];

describe("matchPrompts", () => {
  it("offers every prompt, in order, before anything is typed after the /", () => {
    expect(matchPrompts(prompts, "").map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it("lists prompts whose name has every word first, then those whose text has them", () => {
    expect(matchPrompts(prompts, "explain").map((p) => p.id)).toEqual([2, 3]);
    expect(matchPrompts(prompts, "BRIEFLY").map((p) => p.id)).toEqual([1, 3]);
  });

  it("needs every word, in any order", () => {
    expect(matchPrompts(prompts, "recursion explain").map((p) => p.id)).toEqual([2]);
    expect(matchPrompts(prompts, "recursion bug")).toEqual([]);
  });
});
