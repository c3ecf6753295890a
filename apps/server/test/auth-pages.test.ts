import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, isPage, signInThroughPages, startAuthorization, startAuthServer, type Page } from "./support/auth-flow";

// The embedded provider's pages, driven like a browser: the texts people and e2e tests look for,
// the form errors, the attempt limits, sign-out, and that no page carries a script.

let server: Awaited<ReturnType<typeof startAuthServer>>;
beforeAll(async () => {
  // Behind a proxy, so a test can come from several addresses (X-Forwarded-For).
  server = await startAuthServer({ env: { TRUST_PROXY: "true" } });
}, 60_000);
afterAll(() => server?.close());

function authorize(browser: Browser, screenHint?: string) {
  const flow = startAuthorization({
    issuer: server.config.oidc.issuer,
    clientId: server.config.oidc.clientId,
    appUrl: server.baseUrl,
    screenHint,
  });
  return { flow, opened: browser.go(flow.authorizeUrl) };
}

async function openPage(screenHint?: string) {
  const browser = new Browser(server.baseUrl);
  const { flow, opened } = authorize(browser, screenHint);
  const page = await opened;
  if (!isPage(page)) throw new Error("expected the sign-in page");
  return { browser, flow, page };
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const alertOf = (page: Page) => /<p class="alert" role="alert">([^<]*)<\/p>/.exec(page.html)?.[1];

function expectNoScript(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
}

describe("sign-in page", () => {
  it("has the heading, labelled fields, button and sign-up link", async () => {
    const { page } = await openPage();
    expect(page.status).toBe(200);
    expect(page.url).toMatch(/\/oidc\/interaction\/[\w-]+$/);
    expect(page.html).toContain("<h1>Sign in to Parley</h1>");
    expect(page.html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
    expect(page.html).toMatch(/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/);
    expect(page.html).toContain('<button type="submit">Sign in</button>');
    expect(page.html).toMatch(/<a href="[^"]+\?screen=signup">Create an account<\/a>/);
    expectNoScript(page.html);
  });

  it("is served with the app's CSP (no inline script) and is not cached", async () => {
    const { page, browser } = await openPage();
    const response = await fetch(page.url, { headers: { cookie: browser.jar.header() } });
    const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(scriptSrc).toBe("'self'");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("'Create an account' leads to the sign-up form", async () => {
    const { page, browser } = await openPage();
    const href = /<a href="([^"]+)">Create an account<\/a>/.exec(page.html)![1]!;
    const signUp = await browser.go(new URL(href.replace(/&amp;/g, "&"), page.url).href);
    expect(isPage(signUp) && signUp.html).toContain("<h1>Create your account</h1>");
  });
});

describe("sign-up page (screen_hint=signup)", () => {
  it("has the heading, Name, Email and Password fields, the button and a link back to sign-in", async () => {
    const { page } = await openPage("signup");
    expect(page.html).toContain("<h1>Create your account</h1>");
    for (const [id, label] of [
      ["name", "Name"],
      ["email", "Email"],
      ["password", "Password"],
    ]) {
      expect(page.html).toMatch(new RegExp(`<label for="${id}">${label}</label>\\s*<input id="${id}" name="${id}"`));
    }
    expect(page.html).toContain('<button type="submit">Create account</button>');
    expect(page.html).toMatch(/<a href="[^"]+\?screen=signin">Sign in<\/a>/);
    expectNoScript(page.html);
  });

  it("refuses a password under 8 characters and keeps what was typed", async () => {
    const { page, browser } = await openPage("signup");
    const result = await browser.submit(page, { name: "Short", email: "short@example.com", password: "1234567" });
    expect(isPage(result) && result.status).toBe(400);
    expect(alertOf(result as Page)).toBe("Password must be at least 8 characters.");
    expect((result as Page).html).toContain('value="short@example.com"');
    expect((result as Page).html).not.toContain("1234567");
  });

  it("refuses an email that already has an account, whatever its case", async () => {
    await signInThroughPages(server, { name: "First", email: "taken@example.com", password: "password-one" }, { signUp: true });
    const { page, browser } = await openPage("signup");
    const result = await browser.submit(page, { name: "Second", email: "Taken@Example.com", password: "password-two" });
    expect(isPage(result) && alertOf(result)).toBe("An account with this email already exists");
  });

  it("signs the new person in: the flow ends at /callback with a code for the new account", async () => {
    const { tokens } = await signInThroughPages(
      server,
      { name: "New Person", email: "new.person@example.com", password: "brand new password" },
      { signUp: true },
    );
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.refresh_token).toEqual(expect.any(String));
  });
});

describe("signing in", () => {
  const account = { name: "Grace", email: "grace@example.com", password: "hopper-1906" };
  beforeAll(async () => {
    await signInThroughPages(server, account, { signUp: true });
  }, 30_000);

  it("with the right password returns to the app with a code", async () => {
    const { tokens } = await signInThroughPages(server, account);
    expect(tokens.access_token.split(".")).toHaveLength(3);
  });

  it("a wrong password and an unknown email give the same message", async () => {
    const first = await openPage();
    const wrong = await first.browser.submit(first.page, { email: account.email, password: "not-her-password" });
    const second = await openPage();
    const unknown = await second.browser.submit(second.page, { email: "nobody@example.com", password: "whatever-123" });
    expect(isPage(wrong) && wrong.status).toBe(401);
    expect(isPage(unknown) && unknown.status).toBe(401);
    expect(alertOf(wrong as Page)).toBe("Invalid email or password");
    expect(alertOf(unknown as Page)).toBe("Invalid email or password");
  });

  it("after a failed attempt the same page still signs in", async () => {
    const { page, browser, flow } = await openPage();
    const failed = await browser.submit(page, { email: account.email, password: "wrong-wrong" });
    const done = await browser.submit(failed as Page, { email: account.email, password: account.password });
    expect(isPage(done)).toBe(false);
    await expect(flow.exchange((done as { callback: URL }).callback)).resolves.toMatchObject({ token_type: "Bearer" });
  });

  it("after 5 failures from one address the next attempt there waits, with a clear message", async () => {
    const victim = { name: "Limited", email: "limited@example.com", password: "limited-password" };
    await signInThroughPages(server, victim, { signUp: true });
    const { page, browser } = await openPage();
    let current: Page = page;
    for (let attempt = 1; attempt <= 6; attempt++) {
      const result = await browser.submit(current, { email: victim.email, password: `wrong-${attempt}` });
      expect(isPage(result) && result.status).toBe(401);
      current = result as Page;
    }
    const blocked = await browser.submit(current, { email: victim.email, password: victim.password });
    expect(isPage(blocked) && blocked.status).toBe(429);
    expect((blocked as Page).retryAfter).toMatch(/^(29|30)$/);
    expect(alertOf(blocked as Page)).toMatch(/^Too many sign-in attempts\. Please wait (29|30) seconds and try again\.$/);
    // Another account from the same address is not slowed down by it.
    await expect(signInThroughPages(server, account)).resolves.toBeDefined();
  }, 60_000);

  it("someone else's failures never keep the owner out: the right password from another address signs in", async () => {
    const owner = { name: "Owner", email: "owner@example.com", password: "owner-password" };
    await signInThroughPages(server, owner, { signUp: true });
    const attacker = new Browser(server.baseUrl, { "x-forwarded-for": "203.0.113.7" });
    let current = await authorize(attacker).opened;
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 12; attempt++) {
      if (!isPage(current)) throw new Error("a wrong password signed in");
      current = await attacker.submit(current, { email: owner.email, password: `guess-${attempt}` });
      statuses.push((current as Page).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429]);

    const ownersBrowser = new Browser(server.baseUrl, { "x-forwarded-for": "198.51.100.20" });
    const { tokens } = await signInThroughPages(server, owner, { browser: ownersBrowser });
    expect(tokens.token_type).toBe("Bearer");
  }, 60_000);
});

describe("text PostgreSQL cannot store, on the sign-in and sign-up forms", () => {
  it.each([
    ["a NUL in the sign-in email", undefined, { email: "grace\u0000@example.com", password: "hopper-1906" }, "Enter a valid email address."],
    ["a NUL in the sign-up email", "signup", { name: "Nul", email: "nul\u0000@example.com", password: "long-enough" }, "Enter a valid email address."],
    [
      "a NUL in the sign-up name",
      "signup",
      { name: "N\u0000l", email: "nul@example.com", password: "long-enough" },
      "Enter your name without NUL characters or broken Unicode.",
    ],
  ])("%s is refused with 400 and a message on the form", async (_what, screen, form, message) => {
    const { page, browser } = await openPage(screen);
    const result = await browser.submit(page, form);
    expect(isPage(result) && result.status).toBe(400);
    expect(alertOf(result as Page)).toBe(message);
  });
});

describe("sign-out and errors", () => {
  it("the sign-out page asks, and signing out returns to the app and ends the refresh token", async () => {
    const account = { name: "Leaving", email: "leaving@example.com", password: "leaving-soon" };
    const { tokens, browser } = await signInThroughPages(server, account, { signUp: true });
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${server.baseUrl}/`,
      client_id: server.config.oidc.clientId,
    });
    const confirm = await browser.go(`${server.config.oidc.issuer}/session/end?${params}`);
    if (!isPage(confirm)) throw new Error("expected the sign-out page");
    expect(confirm.html).toContain("<h1>Sign out of Parley?</h1>");
    expect(confirm.html).toMatch(/<button[^>]*name="logout" value="yes"[^>]*>Sign out<\/button>/);
    expect(confirm.html).toContain(">Stay signed in</button>");
    expectNoScript(confirm.html);

    const done = await browser.submit(confirm, { logout: "yes" });
    expect(isPage(done) && done.url).toBe(`${server.baseUrl}/`);

    const refresh = await fetch(`${server.config.oidc.issuer}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: "parley-web" }),
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("signing out without a provider session shows a Continue button instead of an auto-submitting script", async () => {
    const browser = new Browser(server.baseUrl);
    const page = await browser.go(`${server.config.oidc.issuer}/session/end?client_id=parley-web`);
    if (!isPage(page)) throw new Error("expected a page");
    expectNoScript(page.html);
    expect(page.html).toContain(">Continue</button>");
    const done = await browser.submit(page, {});
    expect(isPage(done) && done.html).toContain("You are signed out");
  });

  it("provider errors render a plain page with the reason and no script", async () => {
    const page = await new Browser(server.baseUrl).go(`${server.config.oidc.issuer}/auth?client_id=unknown-client&response_type=code`);
    if (!isPage(page)) throw new Error("expected a page");
    expect(page.status).toBe(400);
    expect(text(page.html)).toContain("Sign-in could not continue");
    expect(text(page.html)).toMatch(/client is invalid|client not found/);
    expectNoScript(page.html);
  });

  it("an interaction page without its cookie says it has expired", async () => {
    const { page } = await openPage();
    const response = await fetch(page.url);
    expect(response.status).toBe(400);
    expect(text(await response.text())).toContain("This sign-in page has expired.");
  });

  it("the provider refuses a plain PKCE method and a missing code challenge", async () => {
    const browser = new Browser(server.baseUrl);
    const base = { client_id: "parley-web", response_type: "code", redirect_uri: `${server.baseUrl}/callback`, scope: "openid", state: "s" };
    const plain = await browser.go(
      `${server.config.oidc.issuer}/auth?${new URLSearchParams({ ...base, code_challenge: "x".repeat(43), code_challenge_method: "plain" })}`,
    );
    const missing = await browser.go(`${server.config.oidc.issuer}/auth?${new URLSearchParams(base)}`);
    for (const result of [plain, missing]) {
      expect(isPage(result)).toBe(false);
      expect((result as { callback: URL }).callback.searchParams.get("error")).toBe("invalid_request");
    }
  });

  it("the provider refuses the implicit flow", async () => {
    const page = await new Browser(server.baseUrl).go(
      `${server.config.oidc.issuer}/auth?${new URLSearchParams({ client_id: "parley-web", response_type: "id_token token", redirect_uri: `${server.baseUrl}/callback`, scope: "openid", nonce: "n", state: "s" })}`,
    );
    const error = isPage(page) ? text(page.html) : new URLSearchParams((page.callback.hash || page.callback.search).slice(1)).get("error");
    expect(error).toMatch(/unsupported_response_type|response_type not supported|unauthorized_client/);
  });
});
