import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { PROMPT_MESSAGES, PROMPT_PUBLIC_PATH } from "@parley/contracts";
import { publicLinks, type Database, type Executor } from "@parley/db";
import { KeyVaultError, type KeyVault } from "@parley/keys";
import { AppError } from "../../kit/errors";
import type { PrivacyChoice, PrivacyPerson } from "../../account/sharing/privacy-check";
import { requireOwnPrompt } from "./library";
import { checkPromptLeaving } from "./privacy";

// A prompt's public link is stored as a post's (reach/public-links.ts): the token's SHA-256 as the
// key, the token itself sealed under ENCRYPTION_KEY with the same associated data, so either
// module opens the other's rows.
const sealContext = (tokenHash: string) => `public-link:${tokenHash}`;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The address of a prompt's public link, as its owner may copy it; null when off (or no longer readable). */
export async function getPromptLinkPath(db: Executor, keys: KeyVault, promptId: number): Promise<string | null> {
  const [link] = await db.select().from(publicLinks).where(eq(publicLinks.promptId, promptId)).limit(1);
  if (!link?.sealedToken) return null;
  try {
    const token = keys.open(link.sealedToken, sealContext(link.tokenHash));
    return hashOf(token) === link.tokenHash ? `${PROMPT_PUBLIC_PATH}${token}` : null;
  } catch (error) {
    if (error instanceof KeyVaultError) return null;
    throw error;
  }
}

/**
 * Turns the public link of the caller's published prompt on (keeping its token while it stays on)
 * or off (deleting it: the old address leads nowhere for good). A private or hidden prompt has none.
 * Turning it on passes the privacy check as a post's link does (checkPromptLeaving).
 */
export async function setPromptLink(
  db: Database,
  keys: KeyVault,
  user: PrivacyPerson & { id: string },
  promptId: number,
  enabled: boolean,
  choice: PrivacyChoice,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const prompt = await requireOwnPrompt(tx, user.id, promptId);
    if (!enabled) {
      await tx.delete(publicLinks).where(eq(publicLinks.promptId, promptId));
      return;
    }
    if (prompt.hiddenAt !== null) throw new AppError("CONFLICT", PROMPT_MESSAGES.hiddenNoPublish);
    if (prompt.visibility === "private") throw new AppError("BAD_REQUEST", PROMPT_MESSAGES.privateNoLink);
    await checkPromptLeaving(tx, user, promptId, choice, now);
    const [existing] = await tx.select({ tokenHash: publicLinks.tokenHash }).from(publicLinks).where(eq(publicLinks.promptId, promptId)).limit(1);
    if (existing) return;
    const token = randomBytes(18).toString("base64url");
    const tokenHash = hashOf(token);
    await tx.insert(publicLinks).values({ tokenHash, sealedToken: keys.seal(token, sealContext(tokenHash)), promptId });
  });
}
