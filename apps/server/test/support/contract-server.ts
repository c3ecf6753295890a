import { decodeJwt } from "jose";
import { buildCatalogue } from "@parley/ai";
import { startFakeOpenAIServer } from "@parley/ai/testing";
import { BUILTIN_PROMPTS, createModelGateway, syncBuiltinPrompts, syncModelCatalogue } from "@parley/api";
import { createBilling } from "../../src/billing/create-billing";
import { loadConfig } from "../../src/config";
import { signInThroughPages, startAuthServer } from "./auth-flow";
import { startFakeStripe } from "./fake-stripe";
import { logCapture } from "./test-app";

export const CONTRACT_PRICES = { basic: "price_basic_contract", pro: "price_pro_contract" } as const;
export const CONTRACT_MODELS = { demo: "demo:parley-demo", openai: "openai:gpt-4o-mini" } as const;
const OPENAI_KEY = "sk-platform-openai-contract-0001";

/** An answer as an external client reads it: status, headers and the parsed body (or text). */
export type Answer = { status: number; headers: Headers; body: unknown; text: string };

/** A request as an external client sends it: a path under /api/v1, a JSON body or raw text, a bearer token. */
export type Request = { method: string; path: string; body?: unknown; text?: string; token?: string };

/**
 * A real Parley server listening on 127.0.0.1 with the embedded sign-in provider, the offline demo
 * model and two platform OpenAI models (a local OpenAI wire server; a battle draws two models and never the demo), and Stripe (a local fake), so
 * every /api/v1 row can be called over HTTP as an outside script would call it.
 */
export async function startContractServer() {
  const openai = await startFakeOpenAIServer({ apiKey: OPENAI_KEY });
  const stripe = await startFakeStripe();
  const env = {
    STRIPE_SECRET_KEY: "sk_test_contract",
    STRIPE_WEBHOOK_SECRET: "whsec_contract",
    STRIPE_PRICE_BASIC: CONTRACT_PRICES.basic,
    STRIPE_PRICE_PRO: CONTRACT_PRICES.pro,
    STRIPE_API_URL: stripe.url,
    // Alice (alice@example.com) runs the admin rows.
    ADMIN_EMAILS: "alice@example.com",
  };
  const catalogue = { openai: { apiKey: OPENAI_KEY, baseURL: openai.baseURL, models: ["gpt-4o-mini", "gpt-4o"] }, demo: true };
  const logs = logCapture();
  const server = await startAuthServer({
    env,
    deps: {
      billing: await createBilling(loadConfig({ PUBLIC_URL: "http://localhost:3000", ...env })),
      models: createModelGateway(catalogue, { maxRetries: 0, timeoutMs: 5000, demoChunkDelayMs: 0 }),
      logger: { level: "warn", stream: logs.stream },
    },
  });
  await syncModelCatalogue(server.db.db, buildCatalogue(catalogue));
  await syncBuiltinPrompts(server.db.db, BUILTIN_PROMPTS);

  async function call(request: Request): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let body: string | undefined;
    if (request.text !== undefined) {
      headers["content-type"] = "text/plain";
      body = request.text;
    } else if (request.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.body);
    }
    const response = await fetch(`${server.baseUrl}/api/v1${request.path}`, { method: request.method, headers, body });
    const text = await response.text();
    const json = /json/.test(response.headers.get("content-type") ?? "") && text ? (JSON.parse(text) as unknown) : undefined;
    return { status: response.status, headers: response.headers, body: json, text };
  }

  /**
   * Signs a person up through the provider's pages, verifies their address through the link the
   * server logs (as the operator does; not with `verified: false`), signs in again and sets up their account; returns their access token.
   */
  async function signUp(name: string, options: { verified?: boolean } = {}) {
    const account = { name, email: `${name.toLowerCase()}@example.com`, password: `${name}-password-1` };
    await signInThroughPages(server, account, { signUp: true });
    const link = logs.lines
      .map((line) => String(line.msg))
      .find((msg) => msg.startsWith(`New account ${account.email}:`))
      ?.match(/\/oidc\/verify\/\S+/)?.[0];
    if (options.verified !== false && (!link || (await fetch(`${server.baseUrl}${link}`)).status !== 200)) throw new Error(`could not verify ${account.email}`);
    const { tokens } = await signInThroughPages(server, account);
    const setup = await call({ method: "POST", path: "/user/addUser", token: tokens.access_token, body: { user: { nickname: name.toLowerCase() } } });
    if (setup.status !== 200) throw new Error(`account setup failed: ${setup.text}`);
    return { accessToken: tokens.access_token, subject: String(decodeJwt(tokens.access_token).sub) };
  }

  return {
    ...server,
    call,
    signUp,
    close: async () => {
      await server.close();
      await openai.close();
      await stripe.close();
    },
  };
}
