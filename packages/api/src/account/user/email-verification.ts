import type { Context } from "../../kit/context";
import type { AuthIdentity } from "../../kit/identity";
import { AppError } from "../../kit/errors";
import type { UserRow } from "./require-user";

// How a person verifies their e-mail address from the profile (docs/operations.md, 'Verifying an
// address'). The embedded sign-in sends no mail: a new verification link goes to the server's log,
// for whoever runs the server to open or hand on. An external provider verifies addresses itself.

export const VERIFICATION_MESSAGES = {
  noEmail: "Your account has no e-mail address to verify.",
  verified: "Your address is verified already.",
  byProvider: (provider: string) =>
    `Your sign-in provider${provider ? ` (${provider})` : ""} verifies your address: verify it there (look for its e-mail), then choose 'Check again'.`,
} as const;

/** How the caller's address is (or gets) verified. */
export function verificationOf(ctx: Pick<Context, "verification">, user: UserRow) {
  const { verification } = ctx;
  return {
    email: user.email ?? "",
    verified: user.emailVerified,
    method: verification.method,
    provider: verification.method === "provider" ? verification.provider || null : null,
  };
}

/**
 * Writes a new verification link for the caller's address to the server's log (the embedded
 * sign-in only); the link logged before stops working. Refused, saying why, when the address is
 * verified already or another provider verifies it.
 */
export async function requestVerificationLink(ctx: Pick<Context, "verification" | "log">, auth: AuthIdentity, user: UserRow) {
  if (!user.email) throw new AppError("BAD_REQUEST", VERIFICATION_MESSAGES.noEmail);
  if (user.emailVerified) throw new AppError("CONFLICT", VERIFICATION_MESSAGES.verified);
  const { verification } = ctx;
  if (verification.method !== "link") throw new AppError("CONFLICT", VERIFICATION_MESSAGES.byProvider(verification.provider));
  const made = await verification.newLink(auth.subject);
  if (!made) throw new AppError("CONFLICT", VERIFICATION_MESSAGES.verified);
  ctx.log.warn({ account: auth.subject }, `Verification asked for from the profile of ${made.email}: to verify the address, open ${made.link}`);
  return { requested: true as const, email: made.email };
}
