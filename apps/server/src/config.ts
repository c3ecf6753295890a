import { isIP } from "node:net";
import { z } from "zod";
import { normalizeEmail, STORAGE_QUOTA } from "@parley/contracts";
import { DEFAULT_RATE_LIMITS, DEFAULT_VOTE_RULES } from "@parley/api";
import { readModelsFile, type ModelsFile } from "./models/models-file";

/**
 * Every environment variable Parley reads, parsed once at boot. Nothing else reads process.env.
 * A bad value stops start-up with a message naming the variable (see `.env.example`).
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();
const optionalUrl = optionalString.pipe(z.url({ protocol: /^https?$/, message: "must be an absolute http(s) URL" }).optional());
const flag = (fallback: boolean) =>
  optionalString.transform((v, ctx) => {
    if (v === undefined) return fallback;
    if (/^(1|true|yes|on)$/i.test(v)) return true;
    if (/^(0|false|no|off)$/i.test(v)) return false;
    ctx.addIssue({ code: "custom", message: "must be true or false" });
    return z.NEVER;
  });
/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list as Fastify accepts them. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};
/**
 * Which proxies decide the client address (X-Forwarded-For): none (false), the last `n` hops, or
 * the proxies' addresses/CIDRs. `true` alone is one hop: only the address the nearest proxy
 * appended counts, never what the client itself put in front of it.
 */
const trustProxy = optionalString.transform((v, ctx): false | number | string[] => {
  if (v === undefined || /^(0|false|no|off)$/i.test(v)) return false;
  if (/^(true|yes|on)$/i.test(v)) return 1;
  if (/^\d+$/.test(v) && Number(v) <= 16) return Number(v);
  const entries = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: "custom",
    message: "must be false, a number of proxy hops (1 to 16; true means 1), or the proxies' addresses or CIDRs separated by commas (such as 10.0.0.0/8)",
  });
  return z.NEVER;
});
const perMinute = (fallback: number) => z.coerce.number({ message: "must be a whole number (per minute)" }).int().min(1).max(1_000_000).default(fallback);
const list = optionalString.transform((v) =>
  v
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined,
);

const envSchema = z.object({
  PORT: z.coerce.number({ message: "must be a port number" }).int().min(1).max(65535).default(3000),
  HOST: optionalString.default("localhost"),
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: trustProxy,
  DATABASE_URL: optionalString.default("./data/db"),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds (0 for none)" })
    .int("must be a whole number of milliseconds")
    .min(0)
    .max(86_400_000)
    .default(30_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(100)
    .max(600_000)
    .default(10_000),
  DATA_DIR: optionalString.default("./data"),
  WEB_DIST: optionalString,
  /** test or development: every answer is checked against its procedure's .output() (docs/api.md, "Answers"). */
  NODE_ENV: optionalString,
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_AUDIENCE: optionalString,
  OIDC_SCOPE: optionalString.default("openid profile email offline_access"),
  ENCRYPTION_KEY: optionalString,
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODELS: list,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl,
  ANTHROPIC_MODELS: list,
  MODELS_FILE: optionalString,
  OLLAMA_BASE_URL: optionalUrl.default("http://127.0.0.1:11434"),
  DEMO_MODEL: flag(true),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_BASIC: optionalString,
  STRIPE_PRICE_PRO: optionalString,
  STRIPE_API_URL: optionalUrl,
  AUTH_IP_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(1_000_000).default(50),
  STORAGE_QUOTA_MB: z.coerce
    .number({ message: "must be a number of megabytes" })
    .int("must be a whole number of megabytes")
    .min(1)
    .max(100_000_000)
    .default(STORAGE_QUOTA.defaultMegabytes),
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(0)
    .max(600_000)
    .default(10_000),
  INSTANCE_LEASE_MS: z.coerce
    .number({ message: "must be a number of milliseconds" })
    .int("must be a whole number of milliseconds")
    .min(1000)
    .max(600_000)
    .default(45_000),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters (a random secret)").optional()),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/, message: "must be a redis:// URL" }).optional()),
  REDIS_KEY_PREFIX: optionalString
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9:_.-]{1,64}$/, "must be 1 to 64 letters, digits or : _ . - (such as parley:)")
        .optional(),
    )
    .transform((v) => v ?? "parley:"),
  VOTE_DAILY_CAP: z.coerce
    .number({ message: "must be a whole number of votes (0 for no cap)" })
    .int("must be a whole number of votes (0 for no cap)")
    .min(0, "must be 0 (no cap) or more")
    .max(1_000_000)
    .default(DEFAULT_VOTE_RULES.dailyCap),
  VOTE_MIN_ACCOUNT_AGE_HOURS: z.coerce
    .number({ message: "must be a whole number of hours (0 for none)" })
    .int("must be a whole number of hours (0 for none)")
    .min(0, "must be 0 (none) or more")
    .max(87_600)
    .default(DEFAULT_VOTE_RULES.minAccountAgeHours),
  LEADERBOARD_REFIT_SECONDS: z.coerce
    .number({ message: "must be a whole number of seconds" })
    .int("must be a whole number of seconds")
    .min(1, "must be 1 second or more")
    .max(86_400)
    .default(60),
  RATE_LIMIT_SENDS: perMinute(DEFAULT_RATE_LIMITS.send.limit),
  RATE_LIMIT_COMMENTS: perMinute(DEFAULT_RATE_LIMITS.comment.limit),
  RATE_LIMIT_LIKES: perMinute(DEFAULT_RATE_LIMITS.like.limit),
  RATE_LIMIT_POSTS: perMinute(DEFAULT_RATE_LIMITS.post.limit),
  RATE_LIMIT_SEARCHES: perMinute(DEFAULT_RATE_LIMITS.search.limit),
  RATE_LIMIT_PROMPT_WRITES: perMinute(DEFAULT_RATE_LIMITS.prompt.limit),
  ADMIN_EMAILS: list.pipe(
    z
      .array(z.string().regex(/^[^\s@]+@[^\s@]+$/, "must be email addresses separated by commas"))
      .transform((emails) => emails.map(normalizeEmail))
      .optional(),
  ),
  ADMIN_CLAIM: optionalString,
  ADMIN_CLAIM_VALUE: optionalString,
});

export type Env = z.infer<typeof envSchema>;

export type OidcConfig = {
  /** true when Parley runs its own OpenID provider under /oidc. */
  embedded: boolean;
  issuer: string;
  clientId: string;
  audience: string;
  scope: string;
};

/** Who is an admin: verified emails, and/or a claim of the sign-in (AdminRule in @parley/api). */
export type AdminConfig = { emails: string[]; claim?: { name: string; value: string } };

export type Config = Env & { publicUrl: string; oidc: OidcConfig; modelsFile: ModelsFile; admins: AdminConfig; checkAnswers: boolean };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const value = source[name];
      const shown = value === undefined || /KEY|SECRET|TOKEN|REDIS_URL|DATABASE_URL/.test(name) ? "" : ` (got "${value}")`;
      return `${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  let modelsFile: ModelsFile = { services: [], prompts: [] };
  if (env.MODELS_FILE) {
    try {
      modelsFile = readModelsFile(env.MODELS_FILE, source);
    } catch (error) {
      throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
    }
  }
  const checkAnswers = env.NODE_ENV === "test" || env.NODE_ENV === "development";
  return { ...env, publicUrl, oidc: oidcFrom(env, publicUrl), modelsFile, admins: adminsFrom(env), checkAnswers };
}

function adminsFrom(env: Env): AdminConfig {
  if ((env.ADMIN_CLAIM === undefined) !== (env.ADMIN_CLAIM_VALUE === undefined)) {
    throw new ConfigError(
      "Invalid configuration:\n  ADMIN_CLAIM and ADMIN_CLAIM_VALUE must be set together (the claim's name, e.g. groups, and the value that makes an admin).",
    );
  }
  const claim = env.ADMIN_CLAIM && env.ADMIN_CLAIM_VALUE ? { name: env.ADMIN_CLAIM, value: env.ADMIN_CLAIM_VALUE } : undefined;
  return { emails: env.ADMIN_EMAILS ?? [], ...(claim && { claim }) };
}

function oidcFrom(env: Env, publicUrl: string): OidcConfig {
  const external = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_AUDIENCE];
  if (external.every((v) => v === undefined)) {
    return {
      embedded: true,
      issuer: `${publicUrl}/oidc`,
      clientId: "parley-web",
      audience: `${publicUrl}/api`,
      scope: env.OIDC_SCOPE,
    };
  }
  if (external.some((v) => v === undefined)) {
    throw new ConfigError(
      "Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE must be set together (or none of them, to use the embedded sign-in).",
    );
  }
  return {
    embedded: false,
    // Kept exactly as given: some issuers (Auth0) end in "/" and their tokens carry it in `iss`.
    issuer: env.OIDC_ISSUER!,
    clientId: env.OIDC_CLIENT_ID!,
    audience: env.OIDC_AUDIENCE!,
    scope: env.OIDC_SCOPE,
  };
}
