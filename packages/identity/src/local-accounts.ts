import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { isConfusableEmail, isStorableText } from "@parley/contracts";
import { localAccounts, users, type Database } from "@parley/db";
import { decoyHash, hashPassword, verifyPassword } from "./passwords";

export type LocalAccount = typeof localAccounts.$inferSelect;

/** Texts of the sign-in and sign-up forms. */
export const ACCOUNT_MESSAGES = {
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  passwordTooShort: "Password must be at least 8 characters.",
  passwordTooLong: "Password must be at most 1024 characters.",
  nameRequired: "Enter your name.",
  nameUnstorable: "Enter your name without NUL characters or broken Unicode.",
  emailInvalid: "Enter a valid email address.",
  emailConfusable: "This address has characters that look like other characters (such as the Kelvin sign for K, or a Cyrillic a). Type it in plain letters.",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 1024;
const NAME_MAX_LENGTH = 100;
const EMAIL_MAX_LENGTH = 254;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SignUpInput = { name: string; email: string; password: string };

/** What is wrong with a sign-up form, or undefined when it can be submitted. */
export function checkSignUp(input: SignUpInput): string | undefined {
  const name = input.name.trim();
  const email = input.email.trim();
  if (!name || name.length > NAME_MAX_LENGTH) return ACCOUNT_MESSAGES.nameRequired;
  if (!isStorableText(name)) return ACCOUNT_MESSAGES.nameUnstorable;
  if (!isEmailAddress(email)) return ACCOUNT_MESSAGES.emailInvalid;
  if (isConfusableEmail(email)) return ACCOUNT_MESSAGES.emailConfusable;
  if ([...input.password].length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (input.password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  return undefined;
}

/** Whether a form's email can be an account's email (and be looked up in the database). */
function isEmailAddress(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && isStorableText(email);
}

/** SHA-256 suffices: a code is 192 random bits. */
const codeHash = (code: string) => createHash("sha256").update(code).digest("hex");

/**
 * Creates a local account, or answers why not. Emails are unique case-insensitively (a unique
 * index on lower(email)), so two racing sign-ups with one email create one account. The address
 * starts unverified; `verificationCode` verifies it (verifyLocalAccountEmail) and is stored only
 * hashed.
 */
export async function createLocalAccount(
  db: Database,
  input: SignUpInput,
): Promise<{ account: LocalAccount; verificationCode: string; error?: undefined } | { account?: undefined; error: string }> {
  const error = checkSignUp(input);
  if (error) return { error };
  const email = input.email.trim();
  if (await findLocalAccountByEmail(db, email)) return { error: ACCOUNT_MESSAGES.emailTaken };
  const verificationCode = randomBytes(24).toString("base64url");
  const [account] = await db
    .insert(localAccounts)
    .values({ name: input.name.trim(), email, passwordHash: await hashPassword(input.password), verificationCodeHash: codeHash(verificationCode) })
    .onConflictDoNothing()
    .returning();
  return account ? { account, verificationCode } : { error: ACCOUNT_MESSAGES.emailTaken };
}

/**
 * Verifies the address of the account `code` was made for, and of its Parley account under
 * `issuer` (so the profile and personal access tokens say so at once; the provider's own tokens
 * from the next sign-in). A code works once. Undefined: no such code.
 */
export async function verifyLocalAccountEmail(db: Database, issuer: string, code: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(code)) return undefined;
  return db.transaction(async (tx) => {
    const [account] = await tx
      .update(localAccounts)
      .set({ emailVerified: true, verificationCodeHash: null })
      .where(and(isNotNull(localAccounts.verificationCodeHash), eq(localAccounts.verificationCodeHash, codeHash(code))))
      .returning();
    if (account) {
      await tx
        .update(users)
        .set({ emailVerified: true })
        .where(and(eq(users.issuer, issuer), eq(users.subject, account.id), sql`lower(${users.email}) = lower(${account.email})`));
    }
    return account;
  });
}

/**
 * A new verification code for the account `accountId` while its address is unverified: the code
 * made before (at sign-up, or asked for earlier) stops working. Undefined once the address is
 * verified, or for no such account.
 */
export async function renewVerificationCode(db: Database, accountId: string) {
  if (!UUID.test(accountId)) return undefined;
  const verificationCode = randomBytes(24).toString("base64url");
  const [account] = await db
    .update(localAccounts)
    .set({ verificationCodeHash: codeHash(verificationCode) })
    .where(and(eq(localAccounts.id, accountId), eq(localAccounts.emailVerified, false)))
    .returning({ email: localAccounts.email });
  return account ? { email: account.email, verificationCode } : undefined;
}

/**
 * The account whose email and password match, or undefined. An unknown email still costs one
 * scrypt run, so the answer's timing does not tell which emails have accounts.
 */
export async function authenticateLocalAccount(db: Database, email: string, password: string) {
  const account = email.trim() && password.length <= PASSWORD_MAX_LENGTH ? await findLocalAccountByEmail(db, email.trim()) : undefined;
  const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
  return account && matches ? account : undefined;
}

export async function findLocalAccountByEmail(db: Database, email: string) {
  const [account] = await db
    .select()
    .from(localAccounts)
    .where(eq(sql`lower(${localAccounts.email})`, email.toLowerCase()))
    .limit(1);
  return account;
}

export async function findLocalAccountById(db: Database, id: string) {
  if (!UUID.test(id)) return undefined;
  const [account] = await db.select().from(localAccounts).where(eq(localAccounts.id, id)).limit(1);
  return account;
}

/** The OpenID claims of a local account (nickname as Auth0 derives it: the email's local part). */
export function claimsOf(account: LocalAccount) {
  return {
    sub: account.id,
    name: account.name,
    email: account.email,
    email_verified: account.emailVerified,
    nickname: account.email.split("@")[0] ?? account.name,
  };
}
