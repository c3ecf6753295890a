import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { ACCOUNT_MESSAGES, authenticateLocalAccount, checkSignUp, claimsOf, createLocalAccount } from "../src/local-accounts";
import { hashPassword, verifyPassword } from "../src/passwords";

let t: DbHandle;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = "correct horse battery staple";

describe("passwords", () => {
  it("verifies the password a hash was made from, and nothing else", async () => {
    const stored = await hashPassword(PASSWORD);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword(`${PASSWORD}!`, stored)).toBe(false);
    // Two hashes of one password differ (a salt each).
    expect(await hashPassword(PASSWORD)).not.toBe(stored);
  });

  it("never matches a malformed stored hash", async () => {
    for (const stored of ["", "scrypt$", "bcrypt$1$2$3$abc$def", "scrypt$x$y$z$abc$def"]) {
      expect(await verifyPassword(PASSWORD, stored)).toBe(false);
    }
  });
});

describe("local accounts", () => {
  it.each([
    [{ name: " ", email: "a@example.test", password: PASSWORD }, ACCOUNT_MESSAGES.nameRequired],
    [{ name: "Ada", email: "not-an-address", password: PASSWORD }, ACCOUNT_MESSAGES.emailInvalid],
    [{ name: "Ada", email: "a@example.test", password: "short" }, ACCOUNT_MESSAGES.passwordTooShort],
    [{ name: "Ada", email: "a@example.test", password: "x".repeat(1025) }, ACCOUNT_MESSAGES.passwordTooLong],
    [{ name: "Ada\u0000", email: "a@example.test", password: PASSWORD }, ACCOUNT_MESSAGES.nameUnstorable],
    [{ name: "Ada", email: "\u212Aim@example.test", password: PASSWORD }, ACCOUNT_MESSAGES.emailConfusable],
    [{ name: "Ada", email: "ｋim@example.test", password: PASSWORD }, ACCOUNT_MESSAGES.emailConfusable],
    [{ name: "Ada", email: "kim@ex\u0430mple.test", password: PASSWORD }, ACCOUNT_MESSAGES.emailConfusable],
    [{ name: "Ada", email: "ki\u200Bm@example.test", password: PASSWORD }, ACCOUNT_MESSAGES.emailConfusable],
  ])("refuses the sign-up form %j with a message", (input, message) => {
    expect(checkSignUp(input)).toBe(message);
  });

  it("creates an account once per email (any case, even when two sign-ups race) and signs it in", async () => {
    const results = await Promise.all([
      createLocalAccount(t.db, { name: "Ada", email: "Ada@Example.test", password: PASSWORD }),
      createLocalAccount(t.db, { name: "Ada", email: "ada@example.test", password: PASSWORD }),
    ]);
    const created = results.filter((r) => r.account);
    expect(created).toHaveLength(1);
    expect(results.find((r) => r.error)?.error).toBe(ACCOUNT_MESSAGES.emailTaken);

    const account = await authenticateLocalAccount(t.db, "ADA@example.test", PASSWORD);
    expect(account?.id).toBe(created[0]!.account!.id);
    expect(claimsOf(account!)).toMatchObject({ sub: account!.id, name: "Ada" });
    expect(await authenticateLocalAccount(t.db, "ada@example.test", "wrong password")).toBeUndefined();
    expect(await authenticateLocalAccount(t.db, "nobody@example.test", PASSWORD)).toBeUndefined();
  });
});
