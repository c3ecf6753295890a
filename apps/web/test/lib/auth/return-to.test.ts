import { describe, expect, it } from "vitest";
import { safeReturnTo } from "../../../src/lib/auth/return-to";

const origin = "https://parley.test";

describe("safeReturnTo", () => {
  it("keeps an in-app path with its query and hash", () => {
    expect(safeReturnTo("/chat?sessionId=42&cloneChat=true", origin)).toBe("/chat?sessionId=42&cloneChat=true");
    expect(safeReturnTo("/admin?tab=api#keys", origin)).toBe("/admin?tab=api#keys");
  });

  it("refuses anything that could leave the site", () => {
    for (const value of ["https://evil.test/", "//evil.test/path", "/\\evil.test", "javascript:alert(1)", "chat", "", undefined, 42]) {
      expect(safeReturnTo(value, origin)).toBe("/");
    }
  });

  it("never returns to the login return itself", () => {
    expect(safeReturnTo("/callback?code=x&state=y", origin)).toBe("/");
  });
});
