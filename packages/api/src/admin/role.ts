import type { AuthIdentity } from "../caller";

/**
 * Who is an admin: people whose verified email is in `emails` (lowercase), or whose sign-in
 * carries `claim` with `value` (a string, or an array holding it). `trustedIssuer` is the one
 * issuer whose unverified addresses count: the embedded sign-in, which keeps each address to
 * one account (see docs/operations.md).
 */
export type AdminRule = {
  emails: ReadonlySet<string>;
  claim?: { name: string; value: string };
  trustedIssuer?: string;
};

/** Nobody is an admin (tests and hosts that configure none). */
export const NO_ADMINS: AdminRule = { emails: new Set() };

/** A claim by name, or by a dotted path into nested objects (Keycloak's `realm_access.roles`). */
function claimOf(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const part of name.split(".")) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function holds(claim: unknown, value: string) {
  if (typeof claim === "string") return claim === value;
  return Array.isArray(claim) && claim.some((item) => item === value);
}

/** Whether the caller is an admin under `rule`. The profile (userinfo) is asked only when the token itself does not say. */
export async function isAdminIdentity(identity: AuthIdentity | null, rule: AdminRule): Promise<boolean> {
  if (!identity) return false;
  const { claim } = rule;
  if (claim && holds(claimOf(identity.claims, claim.name), claim.value)) return true;
  if (rule.emails.size === 0 && !claim) return false;
  const profile = identity.profile ? await identity.profile() : identity.claims;
  if (claim && holds(claimOf(profile, claim.name), claim.value)) return true;
  const email = typeof profile.email === "string" ? profile.email.trim().toLowerCase() : "";
  if (!email || !rule.emails.has(email)) return false;
  return profile.email_verified === true || (rule.trustedIssuer !== undefined && identity.issuer === rule.trustedIssuer);
}
