import { and, eq, inArray } from "drizzle-orm";
import { chatSessions, models, type Executor, type ShareRedaction } from "@parley/db";
import { REDACTION_MARKERS, type FindingKind } from "@parley/privacy";
import { AppError } from "../../kit/errors";
import { applyPrivacyChoice, isPrivacyCheckBlocking, type CheckedTexts, type PrivacyChoice, type PrivacyPerson } from "../../kit/privacy";
import { getDisplayNameById } from "../../account/display-name";
import { branchOf, readLeaf } from "./branches";
import { getOwnedSession, listEntriesBySession, SESSION_NOT_FOUND, setSessionShared, type SessionRow } from "./sessions";

/**
 * A share's redactions (docs/privacy.md). A share is read live from the conversation, so what the
 * owner redacted is kept beside it (`chat_sessions.share_redactions`: each finding's kind and
 * text) and every read of the share replaces those texts by their markers: the share screen,
 * its comparison columns, its public page and preview, its clones. The conversation keeps its text.
 */

type Texts = { messageContent: string; responseContent: string };

const markerOf = (kind: string) => REDACTION_MARKERS[kind as FindingKind] ?? "[redacted]";

/** A text with the given redactions' texts replaced by their markers (the longest first, so none is cut by a shorter one). */
export function replaceRedacted(text: string, redactions: readonly ShareRedaction[] | null | undefined): string {
  if (!redactions?.length) return text;
  return [...redactions].sort((a, b) => b.text.length - a.text.length).reduce((out, r) => (out.includes(r.text) ? out.replaceAll(r.text, markerOf(r.kind)) : out), text);
}

/** The share's texts with the owner's redactions in place; `entries` unchanged when there are none. */
export function redactShared<E extends Texts>(session: Pick<SessionRow, "shareRedactions">, entries: E[]): E[] {
  const redactions = session.shareRedactions;
  if (!redactions?.length) return entries;
  return entries.map((entry) => ({ ...entry, messageContent: replaceRedacted(entry.messageContent, redactions), responseContent: replaceRedacted(entry.responseContent, redactions) }));
}

/** One text of what would leave, as the privacy check shows it: a message, or a post's description. */
export type OutgoingMessage = { role: "user" | "assistant" | "description"; author: string; content: string };

/**
 * What a share of the caller's conversation shows, message by message (each exchange's message
 * and reply; a comparison's every column): the branch being shared (the active one before it
 * is shared), with the redactions already made.
 */
export async function getShareMessages(db: Executor, userId: string, sessionId: number): Promise<{ session: SessionRow; messages: OutgoingMessage[] }> {
  const session = await getOwnedSession(db, userId, sessionId);
  const all = redactShared(session.sharedAt ? session : { shareRedactions: null }, await listEntriesBySession(db, session.id));
  const shown = session.compareModels ? all.filter((e) => e.compareColumn !== null) : branchOf(all, session.sharedAt ? readLeaf(all, session, false) : session.activeEntryId);
  const ids = [...new Set(shown.map((e) => e.modelId).filter((id): id is string => Boolean(id)))];
  const names = new Map(ids.length ? (await db.select({ id: models.id, name: models.name }).from(models).where(inArray(models.id, ids))).map((m) => [m.id, m.name]) : []);
  const owner = await getDisplayNameById(db, session.userId);
  return {
    session,
    messages: shown.flatMap((e) => [
      { role: "user" as const, author: e.authorName ?? owner, content: e.messageContent },
      { role: "assistant" as const, author: e.modelId ? (names.get(e.modelId) ?? e.modelId) : "AI", content: e.responseContent },
    ]),
  };
}

/**
 * Keeps what the owner chose to redact from their share, beside what was redacted before (the
 * check of a share already redacted runs on its redacted text).
 */
export async function addShareRedactions(db: Executor, userId: string, session: Pick<SessionRow, "id" | "sharedAt" | "shareRedactions">, checked: CheckedTexts) {
  const kept = session.sharedAt ? (session.shareRedactions ?? []) : [];
  const added: ShareRedaction[] = checked.redacted.map((f) => ({ kind: f.kind, text: f.text }));
  const all = [...kept, ...added.filter((a) => !kept.some((k) => k.text === a.text))];
  const updated = await db
    .update(chatSessions)
    .set({ shareRedactions: all })
    .where(and(eq(chatSessions.id, session.id), eq(chatSessions.userId, userId)))
    .returning({ id: chatSessions.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND", SESSION_NOT_FOUND);
  return all;
}

/**
 * Shares the caller's conversation through the privacy check (the redactions are stored before
 * the share opens, so no reader sees the text they replace), or stops sharing it, which forgets them.
 */
export async function shareSessionChecked(db: Executor, user: PrivacyPerson & { id: string }, sessionId: number, shared: boolean, choice: PrivacyChoice, now: Date) {
  if (!shared) {
    const result = await setSessionShared(db, user.id, sessionId, false, now);
    await db.update(chatSessions).set({ shareRedactions: null }).where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, user.id)));
    return result;
  }
  const { session, messages } = await getShareMessages(db, user.id, sessionId);
  const checked = applyPrivacyChoice(
    messages.map((m) => m.content),
    user,
    choice,
    await isPrivacyCheckBlocking(db),
  );
  await addShareRedactions(db, user.id, session, checked);
  return setSessionShared(db, user.id, sessionId, true, now);
}

/**
 * The privacy check before a shared conversation's public link opens: it runs on the share as
 * it reads now (earlier redactions in place), and what is chosen joins the share's redactions,
 * which the public page reads too. A conversation not shared is left to the link's own refusal.
 */
export async function redactShareForLink(db: Executor, user: PrivacyPerson & { id: string }, sessionId: number, choice: PrivacyChoice) {
  const { session, messages } = await getShareMessages(db, user.id, sessionId);
  if (session.sharedAt === null) return;
  const checked = applyPrivacyChoice(
    messages.map((m) => m.content),
    user,
    choice,
    await isPrivacyCheckBlocking(db),
  );
  if (checked.redacted.length > 0) await addShareRedactions(db, user.id, session, checked);
}
