import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createKeyVault, KeyVaultError, parseEncryptionKey, unconfiguredKeyVault } from "../src";

// Secrets at rest: AES-256-GCM with a fresh IV per value, tamper-evident, bound to its context;
// and the formats ENCRYPTION_KEY is read in.

/** Flips one bit of the sealed bytes (after the version prefix), keeping the text form valid. */
function flipByte(sealed: string, index: number) {
  const raw = Buffer.from(sealed.slice(3), "base64url");
  raw[index] = raw[index]! ^ 0x01;
  return `v1.${raw.toString("base64url")}`;
}

describe("key vault", () => {
  const vault = createKeyVault(randomBytes(32));

  it("opens what it sealed; two seals of one value differ (fresh IV)", () => {
    const a = vault.seal("sk-same-key-1234", "u:openai");
    const b = vault.seal("sk-same-key-1234", "u:openai");
    expect(a).not.toBe(b);
    expect(Buffer.from(a.slice(3), "base64url").subarray(0, 12)).not.toEqual(Buffer.from(b.slice(3), "base64url").subarray(0, 12));
    expect(vault.open(a, "u:openai")).toBe("sk-same-key-1234");
    expect(vault.open(b, "u:openai")).toBe("sk-same-key-1234");
  });

  it("refuses a flipped byte in the IV, the tag or the ciphertext", () => {
    const sealed = vault.seal("sk-tamper-me-5678", "u:openai");
    for (const index of [0, 11, 12, 27, 28, 35]) {
      expect(() => vault.open(flipByte(sealed, index), "u:openai")).toThrow(KeyVaultError);
    }
  });

  it("refuses another owner's context, another key, a truncated or unknown-format value", () => {
    const sealed = vault.seal("sk-bound-9012", "alice:openai");
    expect(() => vault.open(sealed, "bob:openai")).toThrow(KeyVaultError);
    expect(() => vault.open(sealed, "alice:claude")).toThrow(KeyVaultError);
    expect(() => createKeyVault(randomBytes(32)).open(sealed, "alice:openai")).toThrow(KeyVaultError);
    expect(() => vault.open(sealed.slice(0, 20), "alice:openai")).toThrow(KeyVaultError);
    expect(() => vault.open(`v2.${sealed.slice(3)}`, "alice:openai")).toThrow(KeyVaultError);
  });

  it("takes 32-byte keys only", () => {
    expect(() => createKeyVault(randomBytes(16))).toThrow(KeyVaultError);
  });
});

describe("ENCRYPTION_KEY formats", () => {
  const bytes = randomBytes(32);
  it("accepts 64 hex characters, base64 and base64url", () => {
    expect(parseEncryptionKey(bytes.toString("hex"))).toEqual(bytes);
    expect(parseEncryptionKey(bytes.toString("base64"))).toEqual(bytes);
    expect(parseEncryptionKey(` ${bytes.toString("base64url")}\n`)).toEqual(bytes);
  });

  it("refuses other lengths and alphabets", () => {
    for (const value of [randomBytes(31).toString("base64"), randomBytes(33).toString("base64"), randomBytes(16).toString("hex"), "x".repeat(64), ""]) {
      expect(parseEncryptionKey(value)).toBeUndefined();
    }
  });
});

describe("without a configured key", () => {
  it("sealing and opening both fail with KeyVaultError", () => {
    expect(() => unconfiguredKeyVault.seal("sk-x", "u:openai")).toThrow(KeyVaultError);
    expect(() => unconfiguredKeyVault.open("v1.AAAA", "u:openai")).toThrow(KeyVaultError);
  });
});
