import { and, eq } from "drizzle-orm";
import { users, type Executor } from "@parley/db";
import type { AuthIdentity } from "../context";
import { AppError } from "../errors";

export type UserRow = typeof users.$inferSelect;

/** Shown when a signed-in caller has no account row yet (the /newUser step has not run). */
export const SETUP_REQUIRED_MESSAGE = "Finish setting up your account first.";

/** The account of a verified identity, or undefined. Issuer + subject, never email. */
export async function getUserByIdentity(db: Executor, identity: Pick<AuthIdentity, "issuer" | "subject">) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject)))
    .limit(1);
  return row;
}

/**
 * The caller's account, for every procedure that acts on the caller's own data (chat, posts,
 * settings). Throws NOT_FOUND with a clear message when account setup has not run.
 */
export async function requireUser(ctx: { db: Executor; auth: AuthIdentity }): Promise<UserRow> {
  const user = await getUserByIdentity(ctx.db, ctx.auth);
  if (!user) throw new AppError("NOT_FOUND", SETUP_REQUIRED_MESSAGE);
  return user;
}
