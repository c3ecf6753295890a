import { describe, expect, it } from "vitest";
import { activeAccountTab, parseAccountSearch } from "../../../src/features/account/account-tabs";

describe("account tabs", () => {
  it("reads ?tab= and shows the profile tab by default", () => {
    expect(activeAccountTab(parseAccountSearch({}))).toBe("profile");
    expect(activeAccountTab(parseAccountSearch({ tab: "api" }))).toBe("api");
    expect(activeAccountTab(parseAccountSearch({ tab: "subscription" }))).toBe("subscription");
  });

  it("ignores unknown tabs", () => {
    expect(parseAccountSearch({ tab: "billing", other: "x" })).toEqual({});
    expect(activeAccountTab(parseAccountSearch({ tab: "billing" }))).toBe("profile");
  });

  it("lands a checkout return (session_id) on the subscription tab whatever ?tab= says", () => {
    expect(activeAccountTab(parseAccountSearch({ tab: "api", session_id: "cs_test_123" }))).toBe("subscription");
    expect(activeAccountTab(parseAccountSearch({ tab: "api", session_id: "" }))).toBe("api");
  });
});
