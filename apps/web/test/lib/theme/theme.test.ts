import { describe, expect, it } from "vitest";
import { otherTheme, parseTheme, resolveTheme } from "../../../src/lib/theme/theme";

describe("theme", () => {
  it("accepts only 'light' and 'dark' from storage", () => {
    expect(parseTheme("light")).toBe("light");
    expect(parseTheme("dark")).toBe("dark");
    for (const value of ["Dark", "", "system", null, undefined]) expect(parseTheme(value)).toBeNull();
  });

  it("uses the saved choice first, then the system preference", () => {
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
    expect(resolveTheme(null, true)).toBe("dark");
    expect(resolveTheme(null, false)).toBe("light");
  });

  it("toggles between the two", () => {
    expect(otherTheme("light")).toBe("dark");
    expect(otherTheme("dark")).toBe("light");
  });
});
