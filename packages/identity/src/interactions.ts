import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import type { InteractionResults } from "oidc-provider";
import { isStorableText } from "@parley/contracts";
import type { Database } from "@parley/db";
import { ACCOUNT_MESSAGES, authenticateLocalAccount, createLocalAccount, verifyLocalAccountEmail } from "./local-accounts";
import { renderError, renderNotice, renderSignIn, renderSignUp } from "./pages";
import { importOidcProvider } from "./oidc-module";
import { OIDC_MOUNT_PATH } from "./provider";
import type { AttemptLimiter, FailureThrottle } from "./limits";

type Interaction = Awaited<ReturnType<Provider["interactionDetails"]>>;

export type InteractionDeps = {
  provider: Provider;
  db: Database;
  clientId: string;
  homeUrl: string;
  /** The server's public address, for the verification links written to the log. */
  publicUrl: string;
  /** The provider's issuer: the Parley accounts of its local accounts are under it. */
  issuer: string;
  /** Failed sign-ins per (email, client IP), and form posts per client IP (sign-in and sign-up). */
  limits: { account: FailureThrottle; ip: AttemptLimiter };
};

const EXPIRED = "This sign-in page has expired. Go back to Parley and sign in again.";

type Params = { uid: string };
type Form = Record<string, unknown>;

/**
 * The provider's interaction pages (its `interactions.url`): sign-in and sign-up forms for local
 * accounts, and implicit consent for Parley's own client. Register inside a scope that parses
 * urlencoded forms.
 */
export function registerInteractions(scope: FastifyInstance, deps: InteractionDeps) {
  const base = (uid: string) => `${OIDC_MOUNT_PATH}/interaction/${encodeURIComponent(uid)}`;

  const signInPage = (uid: string, fields: { email?: string; error?: string } = {}) =>
    renderSignIn({ action: `${base(uid)}/login`, signUpHref: `${base(uid)}?screen=signup`, ...fields });
  const signUpPage = (uid: string, fields: { name?: string; email?: string; error?: string } = {}) =>
    renderSignUp({ action: `${base(uid)}/signup`, signInHref: `${base(uid)}?screen=signin`, ...fields });

  scope.get<{ Params: Params; Querystring: { screen?: string } }>("/interaction/:uid", async (request, reply) => {
    const interaction = await loadInteraction(deps.provider, request, reply);
    if (!interaction) return sendHtml(reply, 400, renderError(EXPIRED, deps.homeUrl));

    if (interaction.prompt.name === "login") {
      const hint = typeof interaction.params.login_hint === "string" ? interaction.params.login_hint : undefined;
      const screen = request.query.screen ?? (interaction.params.screen_hint === "signup" ? "signup" : "signin");
      return sendHtml(reply, 200, screen === "signup" ? signUpPage(interaction.uid, { email: hint }) : signInPage(interaction.uid, { email: hint }));
    }
    if (interaction.prompt.name === "consent" && interaction.params.client_id === deps.clientId) {
      const result = await grantImplicitConsent(deps.provider, interaction);
      return finish(deps.provider, request, reply, result);
    }
    return sendHtml(reply, 400, renderError(EXPIRED, deps.homeUrl));
  });

  scope.post<{ Params: Params; Body: Form }>("/interaction/:uid/login", async (request, reply) => {
    const interaction = await loadInteraction(deps.provider, request, reply);
    if (!interaction || interaction.prompt.name !== "login") return sendHtml(reply, 400, renderError(EXPIRED, deps.homeUrl));
    const email = field(request.body, "email").trim();
    const password = field(request.body, "password");
    if (!isStorableText(email)) return sendHtml(reply, 400, signInPage(interaction.uid, { error: ACCOUNT_MESSAGES.emailInvalid }));

    // Failures slow down guesses at this account from this address only: the owner signing in
    // from elsewhere is never refused because of them (the per-address limit still holds).
    const accountKey = `signin:${email.toLowerCase()}:${request.ip}`;
    const limited = await firstRefusal([deps.limits.ip.hit(`ip:${request.ip}`), deps.limits.account.check(accountKey)]);
    if (limited) return sendRefusal(reply, limited, signInPage(interaction.uid, { email, error: tooManyAttempts(limited) }));

    const account = await authenticateLocalAccount(deps.db, email, password);
    if (!account) {
      await deps.limits.account.fail(accountKey);
      return sendHtml(reply, 401, signInPage(interaction.uid, { email, error: ACCOUNT_MESSAGES.invalidCredentials }));
    }
    await deps.limits.account.reset(accountKey);
    return finish(deps.provider, request, reply, { login: { accountId: account.id } });
  });

  scope.post<{ Params: Params; Body: Form }>("/interaction/:uid/signup", async (request, reply) => {
    const interaction = await loadInteraction(deps.provider, request, reply);
    if (!interaction || interaction.prompt.name !== "login") return sendHtml(reply, 400, renderError(EXPIRED, deps.homeUrl));
    const form = { name: field(request.body, "name"), email: field(request.body, "email"), password: field(request.body, "password") };
    const shown = { name: form.name, email: form.email.trim() };

    const limited = await firstRefusal([deps.limits.ip.hit(`ip:${request.ip}`)]);
    if (limited) return sendRefusal(reply, limited, signUpPage(interaction.uid, { ...shown, error: tooManyAttempts(limited) }));

    const created = await createLocalAccount(deps.db, form);
    if (created.error !== undefined) return sendHtml(reply, 400, signUpPage(interaction.uid, { ...shown, error: created.error }));
    // The embedded provider sends no mail: the operator verifies an address (which makes it count
    // for ADMIN_EMAILS) by opening this link, or by handing it to the address's owner.
    const link = verificationLink(deps.publicUrl, created.verificationCode);
    request.log.warn({ account: created.account.id }, `New account ${created.account.email}: its address is unverified; to verify it, open ${link}`);
    return finish(deps.provider, request, reply, { login: { accountId: created.account.id } });
  });

  scope.get<{ Params: { code: string } }>("/verify/:code", async (request, reply) => {
    const account = await verifyLocalAccountEmail(deps.db, deps.issuer, request.params.code);
    if (!account) return sendHtml(reply, 404, renderError(VERIFY_NOT_FOUND, deps.homeUrl));
    return sendHtml(
      reply,
      200,
      renderNotice("Address verified", `${account.email} is verified. It counts for admin rights from its owner's next sign-in.`, deps.homeUrl),
    );
  });
}

const VERIFY_NOT_FOUND = "This verification link is unknown or was already used.";

/** The address that verifies an account's e-mail address (GET /oidc/verify/:code above). */
export const verificationLink = (publicUrl: string, code: string) => `${publicUrl}${OIDC_MOUNT_PATH}/verify/${code}`;

/** The interaction behind the request's cookie, when it is the one the URL names and still alive. */
async function loadInteraction(provider: Provider, request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    return interaction.uid === request.params.uid ? interaction : undefined;
  } catch (error) {
    if (error instanceof (await importOidcProvider()).errors.SessionNotFound) return undefined;
    throw error;
  }
}

/** Parley's own client needs no consent screen: grant what it asked for (OIDC scopes, claims, the API). */
async function grantImplicitConsent(provider: Provider, interaction: Interaction): Promise<InteractionResults> {
  const details = interaction.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId: interaction.session?.accountId, clientId: String(interaction.params.client_id) });
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(" "));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(" "));
  }
  const grantId = await grant.save();
  return { consent: existing ? {} : { grantId } };
}

async function finish(provider: Provider, request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
  const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
  return reply.redirect(returnTo, 303);
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header("Cache-Control", "no-store").type("text/html; charset=utf-8").send(html);
}

/** A throttled attempt: 429 with the page, and when to try again for clients that read headers. */
function sendRefusal(reply: FastifyReply, refusal: { retryAfterSeconds: number }, html: string) {
  reply.header("Retry-After", String(Math.max(1, refusal.retryAfterSeconds)));
  return sendHtml(reply, 429, html);
}

function field(body: Form | undefined, name: string): string {
  const value = body?.[name];
  return typeof value === "string" ? value : "";
}

async function firstRefusal(checks: Promise<{ allowed: boolean; retryAfterSeconds: number }>[]) {
  const results = await Promise.all(checks);
  return results.find((result) => !result.allowed);
}

function tooManyAttempts(refusal: { retryAfterSeconds: number }) {
  if (refusal.retryAfterSeconds < 60) {
    const seconds = Math.max(1, refusal.retryAfterSeconds);
    return `Too many sign-in attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
  }
  const minutes = Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60));
  return `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
