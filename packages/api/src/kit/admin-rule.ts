import { normalizeEmail } from "@parley/contracts";
import type { AuthIdentity } from "./identity";

/**
 * Who is an admin: people whose verified email is in `emails` (as normalizeEmail leaves them),
 * or whose sign-in carries `claim` with `value` (a string, or an array holding it). An
 * unverified address never counts, whoever issued it (see docs/operations.md).
 */
export type AdminRule = {
  emails: ReadonlySet<string>;
  claim?: { name: string; value: string };
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
  const email = typeof profile.email === "string" ? normalizeEmail(profile.email) : "";
  return email !== "" && rule.emails.has(email) && profile.email_verified === true;
}
