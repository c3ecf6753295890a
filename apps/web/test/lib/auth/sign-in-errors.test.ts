import { ErrorResponse } from "oidc-client-ts";
import { describe, expect, it } from "vitest";
import { audienceParams } from "../../../src/lib/auth/user-manager";
import { isSessionEnded, POPUP_TIMEOUT_REASON, popupProblemOf } from "../../../src/lib/auth/sign-in-errors";

describe("popupProblemOf", () => {
  it("recognises a blocked popup (window.open gave nothing to navigate)", () => {
    expect(popupProblemOf(new Error("Attempted to navigate on a disposed window"))).toBe("blocked");
    expect(popupProblemOf(new Error("Popup blocked by user"))).toBe("blocked");
  });

  it("recognises a closed popup and the 60 s time-out", () => {
    expect(popupProblemOf(new Error("Popup closed by user"))).toBe("closed");
    expect(popupProblemOf(new Error(POPUP_TIMEOUT_REASON))).toBe("timeout");
  });

  it("leaves real sign-in failures alone", () => {
    expect(popupProblemOf(new Error("invalid_client"))).toBeNull();
    expect(popupProblemOf("Popup closed by user")).toBeNull();
  });
});

describe("isSessionEnded", () => {
  it("is true for the provider's OAuth errors only", () => {
    expect(isSessionEnded(new ErrorResponse({ error: "invalid_grant" }))).toBe(true);
    expect(isSessionEnded(new ErrorResponse({ error: "login_required" }))).toBe(true);
    expect(isSessionEnded(new TypeError("Failed to fetch"))).toBe(false);
  });
});

describe("audienceParams", () => {
  const oidc = { authority: "https://id.test", clientId: "web", audience: "https://api.test", scope: "openid" };
  it("uses a resource indicator with the embedded provider and `audience` with others", () => {
    expect(audienceParams({ ...oidc, embedded: true })).toEqual({ resource: "https://api.test" });
    expect(audienceParams({ ...oidc, embedded: false })).toEqual({ audience: "https://api.test" });
  });
});
