import { describe, expect, it } from "vitest";
import { EMPTY_KEYS_FORM, isKeysFormDirty, isNicknameDirty, keysChange } from "../../../src/features/account/settings-form";

describe("API keys form", () => {
  it("is clean until a key is typed or a removal is asked for", () => {
    expect(isKeysFormDirty(EMPTY_KEYS_FORM)).toBe(false);
    expect(isKeysFormDirty({ ...EMPTY_KEYS_FORM, open_ai_key: "   " })).toBe(false);
    expect(isKeysFormDirty({ ...EMPTY_KEYS_FORM, claude_api_key: "sk-ant-1" })).toBe(true);
    expect(isKeysFormDirty({ ...EMPTY_KEYS_FORM, remove: ["openai"] })).toBe(true);
  });

  it("sends empty strings for untouched keys (they keep what is stored) and removals only when asked", () => {
    expect(keysChange({ open_ai_key: " sk-1 ", claude_api_key: "", remove: [] })).toEqual({ open_ai_key: "sk-1", claude_api_key: "" });
    expect(keysChange({ open_ai_key: "", claude_api_key: "", remove: ["claude"] })).toEqual({ open_ai_key: "", claude_api_key: "", remove_keys: ["claude"] });
  });
});

describe("nickname", () => {
  it("is dirty only when it differs from the saved one", () => {
    expect(isNicknameDirty("ada", "ada")).toBe(false);
    expect(isNicknameDirty("ada l.", "ada")).toBe(true);
  });
});
