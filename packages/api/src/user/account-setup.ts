import { eq, sql } from "drizzle-orm";
import { PLANS } from "@parley/contracts";
import { subscriptions, users, type Database } from "@parley/db";
import type { AuthIdentity } from "../context";
import { getUserByIdentity } from "./require-user";

/** Identity profile claims the client sends from its ID token (spec §3); all optional. */
export type ProfileInput = {
  name?: string;
  email?: string;
  picture?: string;
  nickname?: string;
  email_verified?: boolean;
};

type Profile = { name?: string; email?: string; picture?: string; nickname?: string; emailVerified?: boolean };

/**
 * Account setup after the first sign-in (spec §2 /newUser): creates the users row, keyed by the
 * token's issuer + subject, and the free subscription row. Idempotent and safe under concurrent
 * calls (insert ... on conflict); a repeat refreshes the profile but never the user's nickname.
 */
export async function setupAccount(db: Database, auth: AuthIdentity, input: ProfileInput) {
  const profile = profileOf(auth, input);
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
 * Claims signed into the access token win over what the client sent; the client's copy fills the
 * gaps (most providers keep profile claims out of access tokens).
 */
function profileOf(auth: AuthIdentity, input: ProfileInput): Profile {
  const claims = auth.claims;
  const text = (claim: unknown, fallback: string | undefined) => (typeof claim === "string" && claim ? claim : fallback);
  const picture = text(claims.picture, input.picture);
  return {
    name: text(claims.name, input.name),
    email: text(claims.email, input.email),
    nickname: text(claims.nickname, input.nickname),
    picture: picture && /^https?:\/\//i.test(picture) ? picture : undefined,
    emailVerified: typeof claims.email_verified === "boolean" ? claims.email_verified : input.email_verified,
  };
}
