import { and, eq } from "drizzle-orm";
import { PROMPT_LIMITS, PROMPT_MESSAGES } from "@parley/contracts";
import { prompts, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import { checkOutgoing, type PrivacyChoice, type PrivacyPerson } from "../../account/sharing/privacy-check";
import type { OutgoingMessage } from "../chat/share-privacy";
import { foldPromptVersions } from "./versions";

/** What of a prompt leaves when it is published or its link opens: its name, its text and its description, in that order. */
export type PromptTexts = { name: string; text: string; description: string | null };

export const promptOutgoing = (prompt: PromptTexts): OutgoingMessage[] => [
  { role: "title", author: "Prompt name", content: prompt.name },
  { role: "user", author: "Prompt text", content: prompt.text },
  ...(prompt.description === null ? [] : [{ role: "description" as const, author: "Prompt description", content: prompt.description }]),
];

/** The caller's own prompt's texts as they would leave (someone else's is a 404). */
export async function getOwnPromptTexts(db: Executor, userId: string, promptId: number): Promise<PromptTexts> {
  const [row] = await db
    .select({ name: prompts.name, text: prompts.prompt, description: prompts.description })
    .from(prompts)
    .where(and(eq(prompts.id, promptId), eq(prompts.userId, userId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", PROMPT_MESSAGES.notFound);
  return row;
}

/**
 * The privacy check before a prompt leaves (published, or its public link turned on), as a post's
 * (docs/privacy.md): its texts are scanned again, the findings the owner chose are redacted in the
 * prompt itself (an edit of its name or text, so a new version), and while an admin keeps the
 * check blocking nothing with a finding left unredacted is let out. Run inside the transaction
 * that publishes, with the prompt's row locked.
 */
export async function checkPromptLeaving(tx: Executor, user: PrivacyPerson & { id: string }, promptId: number, choice: PrivacyChoice, now: Date) {
  const current = await getOwnPromptTexts(tx, user.id, promptId);
  const texts = promptOutgoing(current).map((m) => m.content);
  const checked = await checkOutgoing(tx, texts, user, choice);
  if (checked.redacted.length === 0) return;
  const [name, text, description] = checked.texts;
  await tx
    .update(prompts)
    .set({
      name: name!.slice(0, PROMPT_LIMITS.name),
      prompt: text!.slice(0, PROMPT_LIMITS.text),
      ...(current.description === null ? {} : { description: description!.slice(0, PROMPT_LIMITS.description) }),
      updatedAt: now,
    })
    .where(and(eq(prompts.id, promptId), eq(prompts.userId, user.id)));
  await foldPromptVersions(tx, [promptId]);
}

/**
 * An edit of a prompt others can read (published) is checked as publishing is, with no choice:
 * while the check is blocking, an edit that brings in a finding is refused.
 */
export async function checkPromptEdit(tx: Executor, user: PrivacyPerson, texts: PromptTexts, published: boolean) {
  if (!published) return;
  await checkOutgoing(
    tx,
    promptOutgoing(texts).map((m) => m.content),
    user,
    {},
  );
}
