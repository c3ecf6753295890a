import { randomBytes } from "node:crypto";
import { startFakeAnthropicServer, startFakeOpenAIServer, type FakeServer } from "@parley/ai/testing";
import { buildCatalogue } from "@parley/ai";
import type { Config } from "../../src/config";
import { BUILTIN_PROMPTS, type Billing, createModelGateway, syncBuiltinPrompts, syncModelCatalogue, type AuthIdentity } from "@parley/api";
import { createKeyVault } from "@parley/keys";
import type { AppDeps } from "../../src/app";
import type { Authenticator } from "../../src/auth/authenticator";
import { createTestApp } from "./test-app";

/**
 * Identity for chat tests: `Authorization: Bearer test:<name>` is the person <name>. Token
 * verification itself is covered by the auth tests; here the subject of each call matters.
 * `test:<name>+<group>` is the same person with `groups: [<group>]` in the token.
 */
export const testIdentities: Authenticator = {
  authenticate: async (header): Promise<AuthIdentity | null> => {
    const match = /^Bearer test:(\w+)(?:\+([\w-]+))?$/.exec(header ?? "");
    if (!match) return null;
    return { issuer: "https://issuer.test", subject: match[1]!, claims: match[2] ? { groups: [match[2]] } : {} };
  },
};

/** The admin claim tests configure: `Bearer test:<name>+parley-admins` is an admin. */
export const ADMIN_CLAIM_ENV = { ADMIN_CLAIM: "groups", ADMIN_CLAIM_VALUE: "parley-admins" };
export const asAdmin = (name: string) => ({ authorization: `Bearer test:${name}+parley-admins` });

export const PLATFORM_OPENAI_KEY = "sk-platform-openai-0000000000000001";
export const MODEL = { platform: "openai:gpt-4o-mini", claude: "anthropic:claude-haiku-4-5", demo: "demo:parley-demo" } as const;

/** A real app with a platform OpenAI key pointing at a fake OpenAI server, and Claude via own keys. */
export async function createChatApp(
  options: {
    config?: Config;
    env?: Record<string, string>;
    billing?: Billing | null;
    openaiModels?: string[];
    webRoot?: string;
    /** Logger options (a test capturing log lines passes a stream). */
    logger?: AppDeps["logger"];
    /** Draws preview images (a test wraps the real renderer to count drawings). */
    drawPreview?: AppDeps["drawPreview"];
    /** The requests' clock (a test pins it to compare a day or an instant with the server's). */
    now?: AppDeps["now"];
  } = {},
) {
  const openai = await startFakeOpenAIServer({ apiKey: PLATFORM_OPENAI_KEY });
  const anthropic: FakeServer = await startFakeAnthropicServer();
  const catalogue = {
    openai: { apiKey: PLATFORM_OPENAI_KEY, baseURL: openai.baseURL, models: options.openaiModels ?? ["gpt-4o-mini"] },
    anthropic: { baseURL: anthropic.baseURL, models: ["claude-haiku-4-5"] },
    demo: true,
  };
  const keys = createKeyVault(randomBytes(32));
  const t = await createTestApp({
    env: options.env,
    deps: {
      ...(options.config ? { config: options.config } : {}),
      billing: options.billing ?? null,
      ...(options.webRoot ? { webRoot: options.webRoot } : {}),
      authenticator: testIdentities,
      keys,
      models: createModelGateway(catalogue, { maxRetries: 0, timeoutMs: 5000, demoChunkDelayMs: 0 }),
      ...(process.env.CHAT_TEST_LOGS ? { logger: { level: "error" } } : {}),
      ...(options.logger !== undefined ? { logger: options.logger } : {}),
      ...(options.drawPreview ? { drawPreview: options.drawPreview } : {}),
      ...(options.now ? { now: options.now } : {}),
    },
  });
  // What start-up does: the catalogue and the built-in prompts are stored.
  await syncModelCatalogue(t.db.db, buildCatalogue(catalogue));
  await syncBuiltinPrompts(t.db.db, BUILTIN_PROMPTS);
  const as = (name: string) => ({ authorization: `Bearer test:${name}` });
  const call = async (name: string, method: "GET" | "POST", url: string, payload?: unknown) => {
    const response = await t.app.inject({ method, url: `/api/v1${url}`, headers: as(name), ...(payload === undefined ? {} : { payload: payload as object }) });
    return {
      status: response.statusCode,
      body: response.body ? (JSON.parse(response.body) as Record<string, unknown> & { message?: string }) : {},
      raw: response,
    };
  };
  const signUp = async (name: string) => {
    const response = await call(name, "POST", "/user/addUser", { user: { name, email: `${name}@example.com`, nickname: name } });
    if (response.status !== 200) throw new Error(`setup failed: ${JSON.stringify(response.body)}`);
  };
  const send = (name: string, content: string, extra: Record<string, unknown> = {}) =>
    call(name, "POST", "/chat/postChat", { messages: [{ content }], model_id: MODEL.demo, session_id: 0, category: "general", ...extra });
  return {
    ...t,
    keys,
    openai,
    anthropic,
    as,
    call,
    signUp,
    send,
    close: async () => {
      await t.close();
      await openai.close();
      await anthropic.close();
    },
  };
}
