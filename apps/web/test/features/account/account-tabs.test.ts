import { describe, expect, it } from "vitest";
import { activeAccountTab, parseAccountSearch } from "../../../src/features/account/account-tabs";

describe("account tabs", () => {
  it("reads ?tab= and shows the profile tab by default", () => {
    expect(activeAccountTab(parseAccountSearch({}))).toBe("profile");
    expect(activeAccountTab(parseAccountSearch({ tab: "api" }))).toBe("api");
    expect(activeAccountTab(parseAccountSearch({ tab: "subscription" }))).toBe("subscription");
  });

  it("shows the profile for a tab the screen does not have, and drops what is not a tab name", () => {
    expect(parseAccountSearch({ tab: "billing", other: "x" })).toEqual({ tab: "billing" });
    expect(activeAccountTab(parseAccountSearch({ tab: "billing" }))).toBe("profile");
    expect(parseAccountSearch({ tab: "<b>users</b>" })).toEqual({});
    expect(parseAccountSearch({ tab: ["api"] })).toEqual({});
  });

  it("shows a tab the route adds (the admin console's) only when it is there", () => {
    const adminTabs = [{ id: "users" }, { id: "usage" }, { id: "moderation" }];
    expect(activeAccountTab(parseAccountSearch({ tab: "users" }), adminTabs)).toBe("users");
    expect(activeAccountTab(parseAccountSearch({ tab: "users" }))).toBe("profile");
  });

  it("lands a checkout return (session_id) on the subscription tab whatever ?tab= says", () => {
    expect(activeAccountTab(parseAccountSearch({ tab: "api", session_id: "cs_test_123" }))).toBe("subscription");
    expect(activeAccountTab(parseAccountSearch({ tab: "api", session_id: "" }))).toBe("api");
  });
});
