import { eq, sql } from "drizzle-orm";
import { LIMITS, PLANS } from "@parley/contracts";
import { subscriptions, users, type Database } from "@parley/db";
import type { AuthIdentity } from "../../kit/identity";
import { displayNameOf } from "../display-name";
import { assignHandle } from "../handles";
import { getUserByIdentity } from "./require-user";

/**
 * Identity profile claims the client sends from its ID token; all optional. Accepted
 * for compatibility, but only the nickname is ever taken from it (see profileOf).
 */
export type ProfileInput = {
  name?: string;
  email?: string;
  picture?: string;
  nickname?: string;
  email_verified?: boolean;
};

type Profile = { name?: string; email?: string; picture?: string; nickname?: string; emailVerified?: boolean };

/**
 * Account setup after the first sign-in: creates the users row, keyed by the
 * token's issuer + subject, and the free subscription row. Idempotent and safe under concurrent
 * calls (insert ... on conflict); a repeat refreshes the profile but never the user's nickname.
 */
export async function setupAccount(db: Database, auth: AuthIdentity, input: ProfileInput) {
  const profile = profileOf(auth.profile ? await auth.profile() : auth.claims, clip(input));
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(users)
      .values({
        issuer: auth.issuer,
        subject: auth.subject,
        email: profile.email ?? null,
        emailVerified: profile.emailVerified ?? false,
        name: profile.name ?? null,
        nickname: profile.nickname ?? null,
        picture: profile.picture ?? null,
      })
      .onConflictDoNothing({ target: [users.issuer, users.subject] })
      .returning({ id: users.id });

    let userId = inserted?.id;
    if (userId) await assignHandle(tx, userId, displayNameOf({ nickname: profile.nickname ?? null, name: profile.name ?? null, email: profile.email ?? null }));
    if (!userId) {
      // Another call created the row first (or this is a repeat): it is committed and visible now.
      const existing = await getUserByIdentity(tx, auth);
      if (!existing) throw new Error("account row vanished during setup");
      userId = existing.id;
      const changes = {
        ...(profile.email !== undefined && { email: profile.email }),
        ...(profile.emailVerified !== undefined && { emailVerified: profile.emailVerified }),
        ...(profile.name !== undefined && { name: profile.name }),
        ...(profile.picture !== undefined && { picture: profile.picture }),
        ...(profile.nickname !== undefined && { nickname: sql`coalesce(${users.nickname}, ${profile.nickname})` }),
      };
      if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, userId));
    }

    await tx
      .insert(subscriptions)
      .values({ userId, plan: "free", freeTokensAllowed: PLANS.free.monthlyTokens })
      .onConflictDoNothing({ target: subscriptions.userId });

    return { id: auth.subject, created: Boolean(inserted) };
  });
}

/**
 * Email, its verification, name and picture come only from what the issuer signed (the access
 * token) or served (its userinfo): a client could claim any email as verified, and that email goes
 * to Stripe. Only the nickname, a display default the user can change, falls back to the client's copy.
 */
function profileOf(claims: Record<string, unknown>, input: ProfileInput): Profile {
  const text = (claim: unknown) => (typeof claim === "string" && claim ? claim : undefined);
  const picture = text(claims.picture);
  const email = text(claims.email);
  return {
    name: text(claims.name),
    email,
    nickname: text(claims.nickname) ?? text(input.nickname),
    picture: picture && /^https?:\/\//i.test(picture) ? picture : undefined,
    // An email the issuer does not call verified is not.
    emailVerified: typeof claims.email_verified === "boolean" ? claims.email_verified : email ? false : undefined,
  };
}

/** Provider profiles can carry long names; the stored nickname keeps the app's limit. */
function clip<T extends { nickname?: string }>(profile: T): T {
  return profile.nickname === undefined ? profile : { ...profile, nickname: profile.nickname.slice(0, LIMITS.nickname) };
}
