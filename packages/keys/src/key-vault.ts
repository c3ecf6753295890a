import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Seals secrets at rest (users' provider keys) with AES-256-GCM: a fresh 96-bit IV per value,
 * the 128-bit tag checked on open, and a `context` (e.g. "user-id:openai") bound as associated
 * data so a sealed value copied to another row does not open there.
 */
export type KeyVault = {
  seal: (plaintext: string, context: string) => string;
  /** Throws KeyVaultError when the value was altered, sealed under another key or context. */
  open: (sealed: string, context: string) => string;
};

export class KeyVaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeyVaultError";
  }
}

/** Stored form: `v1.` + base64url(iv ‖ tag ‖ ciphertext). The prefix leaves room for a new scheme. */
const VERSION = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** A vault over a 32-byte key (see `parseEncryptionKey`). */
export function createKeyVault(key: Uint8Array): KeyVault {
  if (key.length !== KEY_BYTES) throw new KeyVaultError(`The encryption key must be ${KEY_BYTES} bytes.`);
  const secret = Buffer.from(key);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", secret, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(sealed, context) {
      if (!sealed.startsWith(VERSION)) throw new KeyVaultError("Unknown sealed value format.");
      const raw = Buffer.from(sealed.slice(VERSION.length), "base64url");
      if (raw.length < IV_BYTES + TAG_BYTES) throw new KeyVaultError("Sealed value is truncated.");
      const decipher = createDecipheriv("aes-256-gcm", secret, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        throw new KeyVaultError("Sealed value failed authentication (altered, or sealed under another key).");
      }
    },
  };
}

/** Used when the host configured no vault: storing or reading a key fails loudly instead of silently. */
export const unconfiguredKeyVault: KeyVault = {
  seal: () => {
    throw new KeyVaultError("No encryption key is configured on this server.");
  },
  open: () => {
    throw new KeyVaultError("No encryption key is configured on this server.");
  },
};

/**
 * Reads ENCRYPTION_KEY's format: 32 bytes as 64 hex characters or as base64/base64url
 * (44 characters with padding, 43 without). Returns undefined for anything else.
 */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === KEY_BYTES) return bytes;
  }
  return undefined;
}
