import { eq } from "drizzle-orm";
import { users, type Executor } from "@parley/db";

/** The name Parley shows for a user: nickname, then name, then the email's local part. */
export function displayNameOf(user: { nickname: string | null; name: string | null; email: string | null }): string {
  return user.nickname || user.name || user.email?.split("@")[0] || "User";
}

export async function getDisplayNameById(db: Executor, userId: string): Promise<string> {
  const [user] = await db.select({ nickname: users.nickname, name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return user ? displayNameOf(user) : "User";
}
