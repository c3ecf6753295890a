import { ErrorResponse, type User } from "oidc-client-ts";
import { describe, expect, it } from "vitest";
import { AuthClient } from "../../../src/lib/auth/auth-client";
import type { LockedUserManager } from "../../../src/lib/auth/user-manager";

/** A user manager whose popup sign-in gives an expired user and whose renewal fails with `renewal`. */
function managerFailingRenewal(renewal: Error) {
  const expired = { access_token: "old", expired: true, profile: { sub: "u1" } } as unknown as User;
  const removed: string[] = [];
  const manager = {
    settings: { extraQueryParams: {} },
    signinPopup: async () => expired,
    signinSilent: async () => Promise.reject(renewal),
    removeUser: async () => void removed.push("user"),
  } as unknown as LockedUserManager;
  return { manager, removed };
}

describe("getting an access token for an API call", () => {
  it("when renewal fails, says 'Get access token failed' and sends the call without a token", async () => {
    const { manager } = managerFailingRenewal(new TypeError("Failed to fetch"));
    const client = new AuthClient(manager, "https://parley.test");
    await client.signIn({ returnTo: "/" });
    await expect(client.getAccessToken()).resolves.toBeNull();
    expect(client.getSnapshot().notice).toBe("Get access token failed");
  });

  it("when the provider ended the session, signs out locally and says so too", async () => {
    const { manager, removed } = managerFailingRenewal(new ErrorResponse({ error: "invalid_grant" }));
    const client = new AuthClient(manager, "https://parley.test");
    await client.signIn({ returnTo: "/" });
    await expect(client.getAccessToken()).resolves.toBeNull();
    expect(removed).toEqual(["user"]);
    expect(client.getSnapshot()).toMatchObject({ user: null, notice: "Get access token failed" });
  });
});
