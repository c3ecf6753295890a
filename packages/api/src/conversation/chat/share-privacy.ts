import { and, eq, inArray } from "drizzle-orm";
import { chatSessions, models, type Executor, type ShareRedaction } from "@parley/db";
import { REDACTION_MARKERS, type FindingKind } from "@parley/privacy";
import { AppError } from "../../kit/errors";
import { checkOutgoing, type CheckedTexts, type PrivacyChoice, type PrivacyPerson } from "../../account/sharing/privacy-check";
import { getDisplayNameById } from "../../account/display-name";
import { branchOf, comparisonExchangesRead, readLeaf } from "./branches";
import { titleFollowsBranch } from "./descriptions";
import { getOwnedSession, listExchangesBySession, SESSION_NOT_FOUND, setSessionShared, type SessionRow } from "./sessions";

/**
 * A share's redactions (docs/privacy.md). A share is read live from the conversation, so what the
 * owner redacted is kept beside it (`chat_sessions.share_redactions`: each finding's kind, text
 * and place) and every read of the share puts the markers in those places: the share screen,
 * its comparison columns, its public page and preview, its clones. The same text elsewhere that
 * the owner did not redact stays. The conversation keeps its text.
 */

type Texts = { id: number; messageContent: string; responseContent: string };
const FIELDS = { message: "messageContent", response: "responseContent" } as const;

const markerOf = (kind: string) => REDACTION_MARKERS[kind as FindingKind] ?? "[redacted]";

/**
 * A text with the given redactions' texts replaced by their markers wherever they appear (the
 * longest first, so none is cut by a shorter one): for copies whose positions do not follow the
 * messages', such as a title made from the first message, and redactions stored without positions.
 */
export function replaceRedacted(text: string, redactions: readonly Pick<ShareRedaction, "kind" | "text">[] | null | undefined): string {
  if (!redactions?.length) return text;
  return [...redactions]
    .sort((a, b) => b.text.length - a.text.length)
    .reduce((out, r) => (out.includes(r.text) ? out.replaceAll(r.text, markerOf(r.kind)) : out), text);
}

/**
 * One text of a share with its positioned redactions in place, round by round (each round's
 * offsets are into the text as the rounds before left it), the last offset first within a
 * round. A redaction whose place no longer holds its text (the exchange changed under it)
 * replaces its text in this one field instead: it is never dropped.
 */
function redactPlaced(text: string, placed: readonly ShareRedaction[]): string {
  const rounds = [...new Set(placed.map((r) => r.round ?? 1))].sort((a, b) => a - b);
  let out = text;
  for (const round of rounds) {
    const these = placed.filter((r) => (r.round ?? 1) === round).sort((a, b) => b.start! - a.start!);
    const misplaced: ShareRedaction[] = [];
    for (const r of these) {
      if (out.slice(r.start, r.end) === r.text) out = out.slice(0, r.start) + markerOf(r.kind) + out.slice(r.end);
      else misplaced.push(r);
    }
    out = replaceRedacted(out, misplaced);
  }
  return out;
}

const isPlaced = (r: ShareRedaction) => r.entry !== undefined && r.field !== undefined && r.start !== undefined && r.end !== undefined;
const isInTitle = (r: ShareRedaction) => r.field === "title" && r.start !== undefined && r.end !== undefined;
/**
 * Redactions that replace their text in the title wherever it appears: those stored as text
 * only, and those of messages made before the title was a text of the check (they always did).
 */
const replacedInTitle = (r: ShareRedaction) => r.field !== "title" && (!isPlaced(r) || r.titled !== true);

/**
 * A shared conversation's title (its description) with the owner's redactions: a finding in
 * the title is its own place, redacted there as the messages' are; older redactions keep
 * replacing their text in it.
 */
export function redactedTitle(session: Pick<SessionRow, "description" | "shareRedactions">): string {
  const redactions = session.shareRedactions;
  if (!redactions?.length || session.description === "") return session.description;
  return redactPlaced(replaceRedacted(session.description, redactions.filter(replacedInTitle)), redactions.filter(isInTitle));
}

/** The share's texts with the owner's redactions in place; `exchanges` unchanged when there are none. */
export function redactShared<E extends Texts>(session: Pick<SessionRow, "shareRedactions">, exchanges: E[]): E[] {
  const redactions = session.shareRedactions;
  if (!redactions?.length) return exchanges;
  const unplaced = redactions.filter((r) => !isPlaced(r) && r.field !== "title");
  const placed = redactions.filter(isPlaced);
  return exchanges.map((exchange) => {
    const mine = placed.filter((r) => r.entry === exchange.id);
    if (mine.length === 0 && unplaced.length === 0) return exchange;
    const redact = (field: keyof typeof FIELDS) =>
      redactPlaced(
        replaceRedacted(exchange[FIELDS[field]], unplaced),
        mine.filter((r) => r.field === field),
      );
    return { ...exchange, messageContent: redact("message"), responseContent: redact("response") };
  });
}

/** One text of what would leave, as the privacy check shows it: a message, a post's description, or a conversation's title. */
export type OutgoingMessage = { role: "user" | "assistant" | "description" | "title"; author: string; content: string };

/** The author a conversation's title is shown under in the check. */
export const TITLE_AUTHOR = "Title";

/**
 * What a share of the caller's conversation shows, message by message (each exchange's message
 * and reply; a comparison's every column): the branch being shared (the active one before it
 * is shared), with the redactions already made. `refreshed`: what it would show once its
 * snapshot is taken again (the branch the owner is on now, the redactions made kept).
 */
export async function getShareMessages(
  db: Executor,
  userId: string,
  sessionId: number,
  refreshed = false,
): Promise<{ session: SessionRow; messages: OutgoingMessage[]; exchangeIds: number[]; titleIndex: number | null }> {
  const session = await getOwnedSession(db, userId, sessionId);
  const all = redactShared(session.sharedAt ? session : { shareRedactions: null }, await listExchangesBySession(db, session.id));
  // Before it is shared (or refreshed) the conversation as it is; a share, its snapshot.
  const current = refreshed || session.sharedAt === null;
  const shown = session.compareModels
    ? comparisonExchangesRead(all, session, current)
    : branchOf(all, current ? session.activeEntryId : readLeaf(all, session, false));
  const ids = [...new Set(shown.map((e) => e.modelId).filter((id): id is string => Boolean(id)))];
  const names = new Map(
    ids.length ? (await db.select({ id: models.id, name: models.name }).from(models).where(inArray(models.id, ids))).map((m) => [m.id, m.name]) : [],
  );
  const owner = await getDisplayNameById(db, session.userId);
  const messages: OutgoingMessage[] = shown.flatMap((e) => [
    { role: "user" as const, author: e.authorName ?? owner, content: e.messageContent },
    { role: "assistant" as const, author: e.modelId ? (names.get(e.modelId) ?? e.modelId) : "AI", content: e.responseContent },
  ]);
  // The title, when the owner gave one, is the last text (one made from the first message follows its redactions).
  // A title that follows the branch is made from its first message, checked as that message.
  const follows = !session.compareModels && titleFollowsBranch(session.description, all, shown[0]);
  const titleIndex = session.description === "" || follows ? null : messages.length;
  if (titleIndex !== null)
    messages.push({ role: "title", author: TITLE_AUTHOR, content: redactedTitle(session.sharedAt ? session : { ...session, shareRedactions: null }) });
  return {
    session,
    /** The exchange of each pair of messages: message 2i is exchange i's message, 2i + 1 its reply. */
    exchangeIds: shown.map((e) => e.id),
    messages,
    titleIndex,
  };
}

/**
 * Keeps what the owner chose to redact from their share, each finding at its place (its exchange,
 * message or reply, and offsets), beside what was redacted before: the check of a share already
 * redacted runs on its redacted text, so the new ones are a new round, placed in that text.
 */
export async function addShareRedactions(
  db: Executor,
  userId: string,
  session: Pick<SessionRow, "id" | "sharedAt" | "shareRedactions">,
  checked: CheckedTexts,
  { exchangeIds, titleIndex }: { exchangeIds: readonly number[]; titleIndex: number | null },
) {
  const kept = session.sharedAt ? (session.shareRedactions ?? []) : [];
  const round = Math.max(0, ...kept.map((r) => r.round ?? 0)) + 1;
  const added: ShareRedaction[] = checked.redacted.map((f) =>
    f.message === titleIndex
      ? { kind: f.kind, text: f.text, field: "title", start: f.start, end: f.end, round, titled: true }
      : {
          kind: f.kind,
          text: f.text,
          entry: exchangeIds[Math.floor(f.message / 2)]!,
          field: f.message % 2 === 0 ? "message" : "response",
          start: f.start,
          end: f.end,
          round,
          titled: true,
        },
  );
  const all = [...kept, ...added];
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
export async function shareSessionChecked(
  db: Executor,
  user: PrivacyPerson & { id: string },
  sessionId: number,
  shared: boolean,
  choice: PrivacyChoice,
  now: Date,
) {
  if (!shared) {
    const result = await setSessionShared(db, user.id, sessionId, false, now);
    await db
      .update(chatSessions)
      .set({ shareRedactions: null })
      .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, user.id)));
    return result;
  }
  const { session, messages, ...places } = await getShareMessages(db, user.id, sessionId);
  const checked = await checkOutgoing(
    db,
    messages.map((m) => m.content),
    user,
    choice,
  );
  await addShareRedactions(db, user.id, session, checked, places);
  return setSessionShared(db, user.id, sessionId, true, now);
}

/**
 * The privacy check on a share that already exists, what is chosen joining its redactions (which
 * its public page reads too). Same refusals as sharing: a choice made on other text, unknown
 * findings, unredacted ones while blocking.
 * - "refresh": before its snapshot is taken again, on what the refreshed share would show (the
 *   redactions made kept).
 * - "link": before its public link opens, on the share as it reads now; a conversation not
 *   shared is left to the link's own refusal.
 */
export async function redactSharedConversation(
  db: Executor,
  user: PrivacyPerson & { id: string },
  sessionId: number,
  choice: PrivacyChoice,
  before: "refresh" | "link",
) {
  const { session, messages, ...places } = await getShareMessages(db, user.id, sessionId, before === "refresh");
  if (before === "link" && session.sharedAt === null) return;
  const checked = await checkOutgoing(
    db,
    messages.map((m) => m.content),
    user,
    choice,
  );
  if (checked.redacted.length > 0) await addShareRedactions(db, user.id, session, checked, places);
}
