import { z } from "zod";
import { ACCESS_TOKENS } from "../access-tokens";
import { storableText } from "../input";
import { LIMITS } from "../limits";
import { accessTokenSummary, userSettings } from "./shapes";

/** The providers a user can store an own key for. */
export const PROVIDER_KEY_NAMES = ["openai", "claude"] as const;

/** Profile claims arrive from the identity provider via the client: bounded, extra fields ignored. */
const profileInput = z.object({
  name: storableText().max(500).optional(),
  email: storableText().max(320).optional(),
  picture: storableText().max(2048).optional(),
  nickname: storableText().max(500).optional(),
  email_verified: z.boolean().optional(),
});

/** Inputs of the user procedures, by procedure name. */
export const userInputs = {
  setup: z.object({ user: profileInput.nullish() }).nullish(),
  updateSettings: z.object({
    open_ai_key: storableText().max(LIMITS.apiKey).optional(),
    claude_api_key: storableText().max(LIMITS.apiKey).optional(),
    nickname: storableText().max(LIMITS.nickname).optional(),
    remove_keys: z.array(z.enum(PROVIDER_KEY_NAMES)).max(PROVIDER_KEY_NAMES.length).optional(),
  }),
  createToken: z.object({
    name: storableText("must be text")
      .trim()
      .min(1, "must not be empty: give the token a name")
      .max(ACCESS_TOKENS.nameMax, `must be at most ${ACCESS_TOKENS.nameMax} characters`),
    /** Days until the token stops working; absent or null: it never expires. */
    expires_in_days: z
      .number({ message: "must be a number of days" })
      .int("must be a whole number of days")
      .min(1, "must be at least 1 day")
      .max(ACCESS_TOKENS.expiryDaysMax, `must be at most ${ACCESS_TOKENS.expiryDaysMax} days`)
      .nullish(),
    /** A read-only token is refused on every write. */
    read_only: z.boolean({ message: "must be true or false" }).optional(),
  }),
  revokeToken: z.object({ id: z.uuid("must be an access token id") }),
  /** Asking for a verification link takes nothing: a body, if any, must be empty. */
  requestVerification: z.object({}).strict().nullish(),
} as const;

/** Answers of the user procedures, by procedure name. */
export const userOutputs = {
  setup: z.object({ id: z.string(), created: z.boolean() }),
  settings: userSettings,
  updateSettings: userSettings,
  verification: z.object({
    email: z.string(),
    verified: z.boolean(),
    method: z
      .enum(["link", "provider"])
      .describe(
        "'link': the embedded sign-in, which sends no mail, writes a verification link to the server's log; 'provider': the identity provider verifies addresses",
      ),
    provider: z.string().nullable().describe("The identity provider's host, with 'provider'"),
  }),
  requestVerification: z.object({ requested: z.literal(true), email: z.string() }),
  createToken: accessTokenSummary.extend({ token: z.string().describe("The secret: shown this once, never again") }),
  tokens: z.array(accessTokenSummary),
  revokeToken: z.object({ ok: z.literal(true) }),
} as const;
