import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseEncryptionKey } from "@parley/keys";
import { ConfigError, type Config } from "./config";

export const ENCRYPTION_KEY_FILE = "encryption.key";

const FORMAT = "must be 32 bytes, written as 64 hex characters or 44 base64 characters (make one with: openssl rand -base64 32)";

/**
 * The key that seals users' provider keys. ENCRYPTION_KEY when set (a wrong length stops
 * start-up); otherwise `DATA_DIR/encryption.key`, generated (mode 0600) on first start.
 */
export async function loadEncryptionKey(
  config: Pick<Config, "ENCRYPTION_KEY" | "DATA_DIR">,
): Promise<{ key: Buffer; source: "environment" | "file" | "generated"; path?: string }> {
  if (config.ENCRYPTION_KEY !== undefined) {
    const key = parseEncryptionKey(config.ENCRYPTION_KEY);
    if (!key) throw new ConfigError(`Invalid configuration:\n  ENCRYPTION_KEY: ${FORMAT}`);
    return { key, source: "environment" };
  }
  const path = join(config.DATA_DIR, ENCRYPTION_KEY_FILE);
  await mkdir(config.DATA_DIR, { recursive: true });
  const generated = randomBytes(32).toString("base64");
  // Written aside, then linked into place: link never overwrites and the file appears complete,
  // so of two processes starting at once, one key wins and both read it.
  const draft = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(draft, `${generated}\n`, { flag: "wx", mode: 0o600 });
  try {
    await link(draft, path);
    return { key: Buffer.from(generated, "base64"), source: "generated", path };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(draft);
  }
  const key = parseEncryptionKey(await readFile(path, "utf8"));
  if (!key) {
    throw new ConfigError(`Invalid configuration:\n  ${path} (the generated ENCRYPTION_KEY) ${FORMAT}. Restore the file, or set ENCRYPTION_KEY.`);
  }
  return { key, source: "file", path };
}
