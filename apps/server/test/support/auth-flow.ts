import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { createTestDb } from "@parley/db/testing";
import { createKeyVault } from "@parley/keys";
import { buildApp, type AppDeps } from "../../src/app";
import { createAuthenticator } from "../../src/auth/create-authenticator";
import { loadConfig } from "../../src/config";

/** A port nobody listens on right now (the issuer URL must be known before the app is built). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A real Parley server listening on 127.0.0.1 with the real authenticator: the embedded
 * provider by default, or an external issuer through `env` (OIDC_ISSUER, ...).
 */
export async function startAuthServer(options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const db = await createTestDb();
  const config = loadConfig({ PUBLIC_URL: baseUrl, LOG_LEVEL: "silent", ...options.env });
  const keys = options.deps?.keys ?? createKeyVault(randomBytes(32));
  const app = await buildApp({
    config,
    db,
    authenticator: createAuthenticator(config, db.db, { keys }),
    logger: false,
    ...options.deps,
    keys,
  });
  await app.listen({ port, host: "127.0.0.1" });
  return {
    app,
    db,
    config,
    keys,
    baseUrl,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** Cookies of one browser, by name (paths ignored: the provider's cookies have distinct names). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export type Page = { url: string; status: number; html: string; retryAfter: string | null };

/**
 * A browser-like client: cookies, manual redirects, forms. Stops at the app's /callback.
 * `headers` go with every request (e.g. X-Forwarded-For, to come from another address).
 */
export class Browser {
  readonly jar = new CookieJar();

  constructor(
    private readonly appUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  /** Follows redirects until an HTML page (returned) or the app's /callback (its URL returned). */
  async go(url: string, init: RequestInit = {}): Promise<Page | { callback: URL }> {
    let next = url;
    let request = init;
    for (let hops = 0; hops < 10; hops++) {
      if (next.startsWith(`${this.appUrl}/callback`)) return { callback: new URL(next) };
      const headers = new Headers(request.headers);
      for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
      const cookie = this.jar.header();
      if (cookie) headers.set("cookie", cookie);
      const response = await fetch(next, { ...request, headers, redirect: "manual" });
      this.jar.store(response);
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        next = new URL(location, next).href;
        request = {};
        continue;
      }
      return { url: next, status: response.status, html: await response.text(), retryAfter: response.headers.get("retry-after") };
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Submits the page's first form: its hidden inputs plus `fields` (a pressed button's name=value too). */
  submit(page: Page, fields: Record<string, string>) {
    const action = /<form[^>]*action="([^"]*)"/.exec(page.html)?.[1];
    if (!action) throw new Error(`no form on ${page.url}`);
    const hidden = Object.fromEntries([...page.html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    return this.go(new URL(action.replace(/&amp;/g, "&"), page.url).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...hidden, ...fields }).toString(),
    });
  }
}

export function isPage(result: Page | { callback: URL }): result is Page {
  return "html" in result;
}

export type Tokens = { access_token: string; id_token: string; refresh_token?: string; expires_in: number; token_type: string };

/** The SPA's side of authorization code + PKCE: the authorize URL and, later, the code exchange. */
export function startAuthorization(options: {
  issuer: string;
  clientId: string;
  appUrl: string;
  screenHint?: string;
  /** Extra parameters sent with both the authorization and the token request (as the SPA sends `resource`). */
  extra?: Record<string, string>;
}) {
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(16).toString("base64url");
  const nonce = randomBytes(16).toString("base64url");
  const params = new URLSearchParams({
    client_id: options.clientId,
    response_type: "code",
    redirect_uri: `${options.appUrl}/callback`,
    scope: "openid profile email offline_access",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state,
    nonce,
    ...(options.screenHint ? { screen_hint: options.screenHint } : {}),
    ...options.extra,
  });
  const authorizeUrl = `${options.issuer}/auth?${params}`;

  async function exchange(callback: URL): Promise<Tokens> {
    if (callback.searchParams.get("state") !== state) throw new Error(`state mismatch: ${callback.href}`);
    const code = callback.searchParams.get("code");
    if (!code) throw new Error(`no code: ${callback.href}`);
    const response = await fetch(`${options.issuer}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: `${options.appUrl}/callback`,
        client_id: options.clientId,
        code_verifier: verifier,
        ...options.extra,
      }).toString(),
    });
    const body = (await response.json()) as Tokens & { error?: string; error_description?: string };
    if (!response.ok) throw new Error(`token exchange failed: ${body.error}: ${body.error_description}`);
    return body;
  }

  return { authorizeUrl, nonce, exchange };
}

/** Signs up (or in) through the embedded provider's pages like a person would, and returns tokens. */
export async function signInThroughPages(
  server: { baseUrl: string; config: { oidc: { issuer: string; clientId: string } } },
  account: { name?: string; email: string; password: string },
  options: { browser?: Browser; signUp?: boolean; extra?: Record<string, string> } = {},
) {
  const browser = options.browser ?? new Browser(server.baseUrl);
  const flow = startAuthorization({
    issuer: server.config.oidc.issuer,
    clientId: server.config.oidc.clientId,
    appUrl: server.baseUrl,
    screenHint: options.signUp ? "signup" : undefined,
    extra: options.extra,
  });
  let result = await browser.go(flow.authorizeUrl);
  if (isPage(result)) {
    const fields: Record<string, string> = { email: account.email, password: account.password };
    if (options.signUp) fields.name = account.name ?? "Test Person";
    result = await browser.submit(result, fields);
  }
  if (isPage(result)) throw new Error(`sign-in did not finish (${result.status}): ${result.html.slice(0, 500)}`);
  return { tokens: await flow.exchange(result.callback), browser };
}
