import { describe, expect, it } from "vitest";
import { parsePublicConfig } from "../../../src/lib/auth/public-config";

const valid = {
  oidc: {
    authority: "http://localhost:3000/oidc",
    clientId: "parley-web",
    audience: "http://localhost:3000/api",
    scope: "openid profile email offline_access",
    embedded: true,
  },
  payments: { enabled: false },
};

describe("parsePublicConfig", () => {
  it("reads the server's answer", () => {
    expect(parsePublicConfig(valid)).toEqual(valid);
  });

  it("treats a missing embedded flag or payments block as off", () => {
    const { embedded: _embedded, ...oidc } = valid.oidc;
    expect(parsePublicConfig({ oidc })).toEqual({ oidc: { ...oidc, embedded: false }, payments: { enabled: false } });
  });

  it("refuses settings a sign-in cannot work with", () => {
    expect(() => parsePublicConfig(null)).toThrow(/OIDC_/);
    expect(() => parsePublicConfig({ oidc: { ...valid.oidc, clientId: "" } })).toThrow(/incomplete/);
    expect(() => parsePublicConfig({ oidc: { ...valid.oidc, authority: 7 } })).toThrow(/incomplete/);
  });
});
