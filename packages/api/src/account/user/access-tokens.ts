import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import { ACCESS_TOKEN_MESSAGES, ACCESS_TOKENS } from "@parley/contracts";
import { personalAccessTokens, users, type Database, type Executor } from "@parley/db";
import type { AuthIdentity } from "../../kit/identity";
import { AppError } from "../../kit/errors";
import type { UserRow } from "./require-user";

/** last_used_at is written at most this often per token, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** A token as listed: never its secret or hash. */
export type AccessTokenSummary = {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  read_only: boolean;
};

const summaryColumns = {
  id: personalAccessTokens.id,
  name: personalAccessTokens.name,
  prefix: personalAccessTokens.prefix,
  createdAt: personalAccessTokens.createdAt,
  lastUsedAt: personalAccessTokens.lastUsedAt,
  expiresAt: personalAccessTokens.expiresAt,
  readOnly: personalAccessTokens.readOnly,
};

type SummaryRow = { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; expiresAt: Date | null; readOnly: boolean };

function summary(row: SummaryRow): AccessTokenSummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    read_only: row.readOnly,
  };
}

/** What a new token is: its name, an optional lifetime in days, and whether it may only read. */
export type NewAccessToken = { name: string; expires_in_days?: number | null; read_only?: boolean };

const DAY_MS = 86_400_000;

/** SHA-256 suffices: the secret is 256 random bits, so there is nothing to guess from the hash. */
function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

export function isPersonalAccessToken(token: string) {
  return token.startsWith(ACCESS_TOKENS.prefix);
}

/**
 * Makes a personal access token for a caller signed in for real: a token cannot mint more, so a
 * leaked one cannot (listing and revoking work with a token too: revoking only takes access away).
 */
export async function createAccessTokenSignedIn(db: Database, auth: AuthIdentity, user: UserRow, input: NewAccessToken, now: Date) {
  if (auth.accessTokenId) throw new AppError("FORBIDDEN", ACCESS_TOKEN_MESSAGES.signInToCreate);
  return createAccessToken(db, user, input, now);
}

/** Makes a token for `user`; the answer carries the secret, which is never readable again. */
export async function createAccessToken(db: Database, user: UserRow, input: NewAccessToken, now: Date) {
  const expiresAt = input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * DAY_MS) : null;
  const token = `${ACCESS_TOKENS.prefix}${randomBytes(32).toString("base64url")}`;
  const row = await db.transaction(async (tx) => {
    // Holding the user's row makes the limit hold under concurrent creates.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [held] = await tx.select({ n: count() }).from(personalAccessTokens).where(eq(personalAccessTokens.userId, user.id));
    if ((held?.n ?? 0) >= ACCESS_TOKENS.perUser) throw new AppError("CONFLICT", ACCESS_TOKEN_MESSAGES.tooMany);
    const [inserted] = await tx
      .insert(personalAccessTokens)
      .values({
        userId: user.id,
        name: input.name,
        tokenHash: hashToken(token),
        prefix: token.slice(0, ACCESS_TOKENS.visibleChars),
        createdAt: now,
        expiresAt,
        readOnly: input.read_only ?? false,
      })
      .returning(summaryColumns);
    return inserted!;
  });
  return { ...summary(row), token };
}

export async function listAccessTokens(db: Executor, user: UserRow): Promise<AccessTokenSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, user.id))
    .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
  return rows.map(summary);
}

/** Revoking deletes the token; another person's token id is answered like an unknown one. */
export async function revokeAccessToken(db: Executor, user: UserRow, id: string) {
  const deleted = await db
    .delete(personalAccessTokens)
    .where(and(eq(personalAccessTokens.id, id), eq(personalAccessTokens.userId, user.id)))
    .returning({ id: personalAccessTokens.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", ACCESS_TOKEN_MESSAGES.notFound);
  return { ok: true as const };
}

/**
 * The identity a personal access token stands for: the same issuer and subject as the person's
 * own sign-in, so every procedure grants exactly what that person may do (a read-only token:
 * only what reads). An unknown, revoked or expired token is refused with 401 rather than treated
 * as anonymous.
 */
export async function authenticateAccessToken(db: Database, token: string, now: Date): Promise<AuthIdentity> {
  const [row] = await db
    .select({
      id: personalAccessTokens.id,
      lastUsedAt: personalAccessTokens.lastUsedAt,
      expiresAt: personalAccessTokens.expiresAt,
      readOnly: personalAccessTokens.readOnly,
      user: users,
    })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .where(eq(personalAccessTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new AppError("UNAUTHORIZED", ACCESS_TOKEN_MESSAGES.invalid);
  if (row.expiresAt && row.expiresAt <= now) throw new AppError("UNAUTHORIZED", ACCESS_TOKEN_MESSAGES.expired);
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!row.lastUsedAt || row.lastUsedAt < stale) {
    await db
      .update(personalAccessTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(personalAccessTokens.id, row.id), or(isNull(personalAccessTokens.lastUsedAt), lt(personalAccessTokens.lastUsedAt, stale))));
  }
  const { user } = row;
  return {
    issuer: user.issuer,
    subject: user.subject,
    claims: {
      iss: user.issuer,
      sub: user.subject,
      ...(user.email !== null && { email: user.email, email_verified: user.emailVerified }),
      ...(user.name !== null && { name: user.name }),
      ...(user.nickname !== null && { nickname: user.nickname }),
      ...(user.picture !== null && { picture: user.picture }),
    },
    accessTokenId: row.id,
    ...(row.readOnly && { readOnly: true }),
  };
}
