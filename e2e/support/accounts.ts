// Accounts for browser tests, created through the embedded provider's real sign-up pages.
import { createHash, randomBytes } from "node:crypto";
import { expect, request, type APIRequestContext, type APIResponse, type Browser, type BrowserContext, type Page } from "@playwright/test";

export const PASSWORD = "correct horse battery staple";
export type Account = { name: string; email: string };
export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

let sequence = 0;
/** A fresh address per call: both database projects and repeated runs get new accounts. */
export function newAccount(tag: string): Account {
  sequence += 1;
  return { name: `Ada ${tag}`, email: `${tag}-${Date.now()}-${process.pid}-${sequence}@example.test` };
}

/** The provider's sign-up page, reached from the nav's 'Sign Up' in a popup. */
export async function signUpWithPopup(page: Page, account: Account) {
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign Up" }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await popup.getByLabel("Name").fill(account.name);
  await popup.getByLabel("Email").fill(account.email);
  await popup.getByLabel("Password").fill(PASSWORD);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Create account" }).click();
  await closed;
}

type PublicConfig = { oidc: { authority: string; clientId: string; audience: string; scope: string; embedded: boolean } };
type Tokens = { access_token: string; id_token: string; refresh_token?: string; token_type: string; scope?: string; expires_in: number };

async function json<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${(await response.text()).slice(0, 500)}`);
  return (await response.json()) as T;
}

/** Posts the page's form: its hidden inputs plus `fields`, following redirects as a browser does. */
async function submitForm(http: APIRequestContext, page: APIResponse, fields: Record<string, string>) {
  const html = await page.text();
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on ${page.url()} (${page.status()}): ${html.slice(0, 500)}`);
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return http.post(new URL(action.replace(/&amp;/g, "&"), page.url()).href, { form: { ...hidden, ...fields } });
}

/**
 * Creates an account through the embedded provider's real sign-up page and the SPA's own
 * protocol (authorization code with PKCE, the API as resource, the account setup call), over
 * HTTP instead of a browser, and returns the signed-in browser state: the provider's session
 * cookies and the user that oidc-client-ts keeps in localStorage. Signing up and setting up in
 * the browser itself are what the sign-up specs test, through `signUpWithPopup`. With `existing`,
 * the account signs in again instead (the setup call is then a harmless repeat).
 */
export async function createAccount(baseURL: string | undefined, account: Account, options: { existing?: boolean } = {}): Promise<StorageState> {
  if (!baseURL) throw new Error("createAccount needs the project's baseURL");
  const origin = new URL(baseURL).origin;
  const http = await request.newContext({ baseURL: origin });
  try {
    const { oidc } = await json<PublicConfig>(await http.get("/api/v1/config"), "/api/v1/config");
    const discovery = await json<{ authorization_endpoint: string; token_endpoint: string }>(
      await http.get(`${oidc.authority.replace(/\/$/, "")}/.well-known/openid-configuration`),
      "the provider's discovery document",
    );
    // As the SPA asks (user-manager.ts): code + PKCE, state, nonce, the API as resource, and
    // the sign-up screen as its 'Sign Up' button asks for it.
    const resource: Record<string, string> = oidc.embedded ? { resource: oidc.audience } : { audience: oidc.audience };
    const verifier = randomBytes(32).toString("base64url");
    const state = randomBytes(16).toString("base64url");
    const redirectUri = `${origin}/callback`;
    const authorize = new URL(discovery.authorization_endpoint);
    authorize.search = new URLSearchParams({
      client_id: oidc.clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: oidc.scope,
      state,
      nonce: randomBytes(16).toString("base64url"),
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      ...(options.existing ? {} : { screen_hint: "signup" }),
      ...resource,
    }).toString();

    let page = await http.get(authorize.href);
    page = await submitForm(http, page, { name: account.name, email: account.email, password: PASSWORD });
    // The provider may ask the browser to post one more form (what its script would submit).
    for (let step = 0; step < 3 && !page.url().startsWith(redirectUri); step++) page = await submitForm(http, page, {});
    const callback = new URL(page.url());
    if (!callback.href.startsWith(redirectUri) || callback.searchParams.get("state") !== state || !callback.searchParams.get("code")) {
      throw new Error(`sign-up did not come back to ${redirectUri}: ${callback.href} (${page.status()}) ${(await page.text()).slice(0, 300)}`);
    }
    const tokens = await json<Tokens>(
      await http.post(discovery.token_endpoint, {
        form: {
          grant_type: "authorization_code",
          code: callback.searchParams.get("code")!,
          redirect_uri: redirectUri,
          client_id: oidc.clientId,
          code_verifier: verifier,
          ...resource,
        },
      }),
      "the token endpoint",
    );

    // The stored user as oidc-client-ts writes it (User.toStorageString), its profile the ID
    // token's claims without the protocol ones (ClaimsService.filterProtocolClaims).
    const claims = JSON.parse(Buffer.from(tokens.id_token.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
    for (const claim of ["nbf", "jti", "auth_time", "nonce", "acr", "amr", "azp", "at_hash"]) delete claims[claim];
    const user = {
      id_token: tokens.id_token,
      session_state: null,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      token_type: tokens.token_type,
      scope: tokens.scope ?? oidc.scope,
      profile: claims,
      expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in,
    };

    // The one-time account setup the SPA's /newUser page runs (use-account-setup.ts).
    const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
    const profile = {
      name: text(claims.name),
      email: text(claims.email),
      picture: text(claims.picture),
      nickname: text(claims.nickname),
      email_verified: typeof claims.email_verified === "boolean" ? claims.email_verified : undefined,
    };
    await json(
      await http.post("/api/v1/user/addUser", { headers: { authorization: `Bearer ${tokens.access_token}` }, data: { user: profile } }),
      "the account setup",
    );

    const { cookies } = await http.storageState();
    return {
      cookies,
      origins: [{ origin, localStorage: [{ name: `oidc.user:${oidc.authority}:${oidc.clientId}`, value: JSON.stringify(user) }] }],
    };
  } finally {
    await http.dispose();
  }
}

/**
 * A page signed in as `state` that accepts every alert and confirm and records their texts;
 * clipboard access is granted for the share and copy-link buttons.
 */
export async function openSignedIn(browser: Browser, baseURL: string | undefined, state: StorageState, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL, storageState: state, viewport });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  return { page, dialogs, close: () => context.close() };
}
