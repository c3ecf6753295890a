import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { rateLimitRules } from "../src/http/rate-limits";

describe("loadConfig", () => {
  it("needs nothing to run: embedded database, embedded sign-in, port 3000", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: "./data/db",
      DATA_DIR: "./data",
      LOG_LEVEL: "info",
      DEMO_MODEL: true,
      AUTH_IP_LIMIT: 50,
      SHUTDOWN_GRACE_MS: 10_000,
      publicUrl: "http://localhost:3000",
      oidc: { embedded: true, issuer: "http://localhost:3000/oidc", clientId: "parley-web", audience: "http://localhost:3000/api" },
    });
  });

  it("takes each per-person limit from its setting, 120 new searches a minute unless RATE_LIMIT_SEARCHES says otherwise", () => {
    expect(rateLimitRules(loadConfig({})).search).toEqual({ limit: 120, windowMs: 60_000 });
    expect(rateLimitRules(loadConfig({ RATE_LIMIT_SEARCHES: "7", RATE_LIMIT_POSTS: "3" }))).toMatchObject({
      search: { limit: 7, windowMs: 60_000 },
      post: { limit: 3, windowMs: 60_000 },
    });
  });

  it("keeps Redis keys under parley: unless REDIS_KEY_PREFIX says otherwise", () => {
    expect(loadConfig({}).REDIS_KEY_PREFIX).toBe("parley:");
    expect(loadConfig({ REDIS_KEY_PREFIX: "" }).REDIS_KEY_PREFIX).toBe("parley:");
    expect(loadConfig({ REDIS_KEY_PREFIX: "staging:parley:" }).REDIS_KEY_PREFIX).toBe("staging:parley:");
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ OPENAI_API_KEY: "", PUBLIC_URL: "" })).toMatchObject({ OPENAI_API_KEY: undefined, publicUrl: "http://localhost:3000" });
  });

  it.each([
    [{ PORT: "eighty" }, /PORT: .*\(got "eighty"\)/],
    [{ PORT: "70000" }, /PORT: /],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL: must be one of/],
    [{ PUBLIC_URL: "localhost:3000" }, /PUBLIC_URL: must be an absolute http\(s\) URL/],
    [{ DEMO_MODEL: "maybe" }, /DEMO_MODEL: must be true or false/],
    [{ AUTH_IP_LIMIT: "lots" }, /AUTH_IP_LIMIT: must be a whole number/],
    [{ RATE_LIMIT_COMMENTS: "lots" }, /RATE_LIMIT_COMMENTS: must be a whole number \(per minute\)/],
    [{ RATE_LIMIT_SEARCHES: "0" }, /RATE_LIMIT_SEARCHES: /],
    [{ REDIS_URL: "not a url" }, /REDIS_URL: must be a redis:\/\/ URL/],
    [{ REDIS_KEY_PREFIX: "my app *" }, /REDIS_KEY_PREFIX: must be 1 to 64 letters, digits or : _ \. - \(such as parley:\)/],
    [{ METRICS_TOKEN: "short" }, /METRICS_TOKEN: must be at least 16 characters/],
    [{ TRUST_PROXY: "maybe" }, /TRUST_PROXY: must be false, a number of proxy hops \(1 to 16; true means 1\), or the proxies' addresses or CIDRs/],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /TRUST_PROXY: must be false, a number of proxy hops/],
    [{ TRUST_PROXY: "17" }, /TRUST_PROXY: must be false, a number of proxy hops/],
    [{ SHUTDOWN_GRACE_MS: "10s" }, /SHUTDOWN_GRACE_MS: must be a number of milliseconds \(got "10s"\)/],
    [{ VOTE_DAILY_CAP: "-1" }, /VOTE_DAILY_CAP: must be 0 \(no cap\) or more/],
    [{ VOTE_DAILY_CAP: "lots" }, /VOTE_DAILY_CAP: must be a whole number of votes \(0 for no cap\)/],
    [{ VOTE_MIN_ACCOUNT_AGE_HOURS: "1.5" }, /VOTE_MIN_ACCOUNT_AGE_HOURS: must be a whole number of hours \(0 for none\)/],
    [{ OIDC_ISSUER: "https://id.example.com" }, /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE must be set together/],
  ])("stops with a message naming the variable for %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("never echoes a value that may hold a secret", () => {
    expect(() => loadConfig({ REDIS_URL: "hunter2-password" })).toThrow(/^(?![\s\S]*hunter2)[\s\S]*REDIS_URL/);
    expect(() => loadConfig({ METRICS_TOKEN: "hunter2" })).toThrow(/^(?![\s\S]*hunter2)[\s\S]*METRICS_TOKEN/);
  });

  it("reads admins from ADMIN_EMAILS (lowercased) and ADMIN_CLAIM with ADMIN_CLAIM_VALUE", () => {
    expect(loadConfig({}).admins).toEqual({ emails: [] });
    expect(loadConfig({ ADMIN_EMAILS: " Ops@Example.com, lead@example.org ," }).admins).toEqual({ emails: ["ops@example.com", "lead@example.org"] });
    expect(loadConfig({ ADMIN_CLAIM: "groups", ADMIN_CLAIM_VALUE: "parley-admins" }).admins).toEqual({
      emails: [],
      claim: { name: "groups", value: "parley-admins" },
    });
  });

  it.each([
    [{ ADMIN_EMAILS: "ops@example.com, not-an-address" }, /ADMIN_EMAILS: must be email addresses separated by commas/],
    [{ ADMIN_CLAIM: "groups" }, /ADMIN_CLAIM and ADMIN_CLAIM_VALUE must be set together/],
    [{ ADMIN_CLAIM_VALUE: "parley-admins" }, /ADMIN_CLAIM and ADMIN_CLAIM_VALUE must be set together/],
  ])("refuses %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("uses an external provider when all three OIDC variables are set", () => {
    const config = loadConfig({ OIDC_ISSUER: "https://tenant.example.com/", OIDC_CLIENT_ID: "abc", OIDC_AUDIENCE: "https://api.example.com" });
    expect(config.oidc).toEqual({
      embedded: false,
      issuer: "https://tenant.example.com/",
      clientId: "abc",
      audience: "https://api.example.com",
      scope: "openid profile email offline_access",
    });
  });

  it("reads the vote settings, 50 counted votes a day and a day's wait by default, 0 turning each off", () => {
    expect(loadConfig({})).toMatchObject({ VOTE_DAILY_CAP: 50, VOTE_MIN_ACCOUNT_AGE_HOURS: 24 });
    expect(loadConfig({ VOTE_DAILY_CAP: "0", VOTE_MIN_ACCOUNT_AGE_HOURS: "0" })).toMatchObject({ VOTE_DAILY_CAP: 0, VOTE_MIN_ACCOUNT_AGE_HOURS: 0 });
  });

  it("reads lists and flags", () => {
    const config = loadConfig({ OPENAI_MODELS: "gpt-4o, gpt-4o-mini", DEMO_MODEL: "false" });
    expect(config.OPENAI_MODELS).toEqual(["gpt-4o", "gpt-4o-mini"]);
    expect(config.DEMO_MODEL).toBe(false);
  });

  it.each([
    [undefined, false],
    ["false", false],
    ["0", false],
    ["true", 1],
    ["2", 2],
    ["10.0.0.1", ["10.0.0.1"]],
    ["10.0.0.0/8, fd00::/8, loopback", ["10.0.0.0/8", "fd00::/8", "loopback"]],
  ])("TRUST_PROXY=%s trusts %j (true alone is one hop, never every hop)", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });
});
