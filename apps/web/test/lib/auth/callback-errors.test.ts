import { describe, expect, it } from "vitest";
import { CALLBACK_ERRORS, checkCallbackUrl, describeCallbackError } from "../../../src/lib/auth/callback-errors";

const at = (query: string) => `https://parley.test/callback${query}`;

describe("checkCallbackUrl", () => {
  it("accepts code and state, or error and state", () => {
    expect(checkCallbackUrl(at("?code=abc&state=xyz"))).toBeNull();
    expect(checkCallbackUrl(at("?error=access_denied&state=xyz"))).toBeNull();
  });

  it("says there is nothing to parse when the address has no query", () => {
    expect(checkCallbackUrl(at(""))?.message).toBe(CALLBACK_ERRORS.noParams);
    expect(checkCallbackUrl(at("?"))?.message).toBe(CALLBACK_ERRORS.noParams);
    expect(CALLBACK_ERRORS.noParams).toBe("There are no query params available for parsing.");
  });

  it("calls a response without state, or without a result, an invalid state", () => {
    expect(checkCallbackUrl(at("?code=abc"))?.message).toBe("Invalid state");
    expect(checkCallbackUrl(at("?state=xyz"))?.message).toBe("Invalid state");
    expect(checkCallbackUrl(at("?code=abc&state="))?.message).toBe("Invalid state");
  });
});

describe("describeCallbackError", () => {
  it("turns oidc-client-ts' missing-state errors into 'Invalid state'", () => {
    expect(describeCallbackError(new Error("No matching state found in storage")).message).toBe("Invalid state");
    expect(describeCallbackError(new Error("No state in response")).message).toBe("Invalid state");
  });

  it("keeps other messages and names an empty failure 'Login failed'", () => {
    expect(describeCallbackError(new Error("The user denied access")).message).toBe("The user denied access");
    expect(describeCallbackError("weird").message).toBe("Login failed");
  });
});
