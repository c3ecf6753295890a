import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { AppError, getProviderKey } from "@parley/api";
import { userProviderKeys, users } from "@parley/db";
import { createKeyVault } from "@parley/keys";
import { loadEncryptionKey } from "../src/encryption-key";
import { ConfigError } from "../src/config";
import { signInThroughPages, startAuthServer } from "./support/auth-flow";
import { ensureBuiltServer } from "./support/instances";

// Provider keys at rest are never plaintext in the column (the vault itself is tested in
// packages/keys); and ENCRYPTION_KEY's handling at start-up.

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "parley-key-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Flips one bit of the sealed bytes (after the version prefix), keeping the text form valid. */
function flipByte(sealed: string, index: number) {
  const raw = Buffer.from(sealed.slice(3), "base64url");
  raw[index] = raw[index]! ^ 0x01;
  return `v1.${raw.toString("base64url")}`;
}

describe("loading the encryption key at start-up", () => {
  it("generates DATA_DIR/encryption.key (mode 0600) once and reads it back afterwards", async () => {
    const dir = join(tempDir(), "data");
    const first = await loadEncryptionKey({ DATA_DIR: dir, ENCRYPTION_KEY: undefined });
    expect(first.source).toBe("generated");
    expect(statSync(join(dir, "encryption.key")).mode & 0o777).toBe(0o600);
    const second = await loadEncryptionKey({ DATA_DIR: dir, ENCRYPTION_KEY: undefined });
    expect(second).toMatchObject({ source: "file" });
    expect(second.key).toEqual(first.key);
  });

  it("two processes starting at once end up with one key", async () => {
    const dir = tempDir();
    const loads = await Promise.all([1, 2, 3, 4].map(() => loadEncryptionKey({ DATA_DIR: dir, ENCRYPTION_KEY: undefined })));
    expect(loads.filter((load) => load.source === "generated")).toHaveLength(1);
    expect(new Set(loads.map((load) => load.key.toString("hex"))).size).toBe(1);
  });

  it("uses ENCRYPTION_KEY when set, and a wrong length is a ConfigError naming it (without its value)", async () => {
    const key = randomBytes(32);
    await expect(loadEncryptionKey({ DATA_DIR: tempDir(), ENCRYPTION_KEY: key.toString("hex") })).resolves.toMatchObject({
      key,
      source: "environment",
    });
    const wrong = randomBytes(24).toString("base64");
    const attempt = loadEncryptionKey({ DATA_DIR: tempDir(), ENCRYPTION_KEY: wrong });
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(attempt).rejects.toThrow(/ENCRYPTION_KEY: must be 32 bytes/);
    await expect(attempt).rejects.not.toThrow(wrong);
  });

  it("a damaged key file stops start-up with a message naming the file", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "encryption.key"), "too-short\n");
    await expect(loadEncryptionKey({ DATA_DIR: dir, ENCRYPTION_KEY: undefined })).rejects.toThrow(/encryption\.key/);
  });

  it("the server refuses to start with a wrong-length ENCRYPTION_KEY", async () => {
    const serverDir = fileURLToPath(new URL("..", import.meta.url));
    const child = spawn(process.execPath, [ensureBuiltServer()], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, PORT: "1", DATA_DIR: tempDir(), DATABASE_URL: "memory://", ENCRYPTION_KEY: "c2hvcnQ=" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("ENCRYPTION_KEY: must be 32 bytes");
    expect(output).not.toContain("c2hvcnQ=");
  }, 60_000);
});

describe("keys stored through the API", () => {
  const vault = createKeyVault(randomBytes(32));
  let server: Awaited<ReturnType<typeof startAuthServer>>;
  let token: string;
  let userId: string;
  const secret = "sk-proj-plaintext-must-not-appear-X1y2";

  beforeAll(async () => {
    server = await startAuthServer({ deps: { keys: vault } });
    const { tokens } = await signInThroughPages(server, { name: "Vera", email: "vera@example.com", password: "vera-password" }, { signUp: true });
    token = tokens.access_token;
    const headers = { authorization: `Bearer ${token}` };
    await server.app.inject({ method: "POST", url: "/api/v1/user/addUser", headers, payload: { user: { name: "Vera" } } });
    userId = (
      await server.db.db
        .select()
        .from(users)
        .where(eq(users.subject, String(decodeJwt(token).sub)))
    )[0]!.id;
  }, 60_000);
  afterAll(() => server?.close());

  const save = (value: string) =>
    server.app.inject({
      method: "POST",
      url: "/api/v1/user/updateUserApiKeys",
      headers: { authorization: `Bearer ${token}` },
      payload: { open_ai_key: value },
    });
  const storedRow = async () => (await server.db.db.select().from(userProviderKeys).where(eq(userProviderKeys.userId, userId)))[0]!;

  it("two saves of the same key store different ciphertexts, neither holding the plaintext", async () => {
    await save(secret);
    const first = (await storedRow()).ciphertext;
    await save(secret);
    const second = (await storedRow()).ciphertext;
    expect(first).not.toBe(second);
    for (const stored of [first, second]) {
      expect(stored).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain("plaintext");
      expect(Buffer.from(stored.slice(3), "base64url").toString("latin1")).not.toContain("plaintext");
    }
    expect((await storedRow()).last4).toBe("X1y2");
    await expect(getProviderKey(server.db.db, vault, userId, "openai")).resolves.toBe(secret);
  });

  it("a flipped byte in the stored value fails to decrypt, with a message that names no key", async () => {
    const row = await storedRow();
    await server.db.db
      .update(userProviderKeys)
      .set({ ciphertext: flipByte(row.ciphertext, 30) })
      .where(eq(userProviderKeys.userId, userId));
    const attempt = getProviderKey(server.db.db, vault, userId, "openai");
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toThrow(/Save it again/);
    await expect(attempt).rejects.not.toThrow(secret);
  });
});
