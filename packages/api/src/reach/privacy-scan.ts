import type { PrivacyTarget } from "@parley/contracts";
import type { Executor, PostMessage } from "@parley/db";
import { FINDING_LABELS, REDACTION_MARKERS } from "@parley/privacy";
import { checkOutgoing, isPrivacyCheckBlocking, scanOutgoingInSlices, type PrivacyChoice, type PrivacyPerson } from "../account/sharing/privacy-check";
import { getShareMessages, TITLE_AUTHOR, type OutgoingMessage } from "../conversation/chat/share-privacy";
import { getPostSnapshotOfSession } from "../community/post/post-snapshot";
import { getOwnPostSnapshot } from "../community/post/post-privacy";
import { getOwnPromptTexts, promptOutgoing } from "../conversation/prompts/privacy";
import type { Transcript } from "./transcript";
import { getSessionTranscript } from "./transcripts";

const fromPost = (messages: PostMessage[]): OutgoingMessage[] =>
  messages.map((m) => ({ role: m.isUser ? "user" : "assistant", author: (m.isUser ? m.user : m.model_name) ?? "AI", content: m.content }));

/** The author a post's description is shown under in the check. */
const DESCRIPTION_AUTHOR = "Post description";

/**
 * What would leave for each target, message by message: the one list of a target's texts, read
 * from the same listers the leaving requests check again (checkOutgoing). A post's description,
 * when sent, comes last (as posting checks it).
 */
export async function outgoingTexts(
  db: Executor,
  userId: string,
  target: PrivacyTarget,
  id: number,
  now: Date,
  description: string | undefined,
): Promise<OutgoingMessage[]> {
  switch (target) {
    case "post": {
      const messages = fromPost((await getPostSnapshotOfSession(db, userId, id, now)).messages);
      return description === undefined ? messages : [...messages, { role: "description", author: DESCRIPTION_AUTHOR, content: description }];
    }
    case "share":
      return (await getShareMessages(db, userId, id)).messages;
    case "share_refresh":
      return (await getShareMessages(db, userId, id, true)).messages;
    case "export":
      return exportTexts(await getSessionTranscript(db, userId, id, false));
    case "post_link":
      return fromPost((await getOwnPostSnapshot(db, userId, id)).messages);
    case "prompt":
      return promptOutgoing(await getOwnPromptTexts(db, userId, id));
  }
}

/**
 * The privacy check of what would leave (docs/privacy.md): every message, the findings in them
 * with their labels and markers, and the text_hash the leaving request names it by. Only the
 * owner of the conversation or post may run it (anyone else's is a 404). It reads in slices,
 * giving the event loop back between them, and the request that makes the text leave reuses
 * what it found.
 */
export async function scanOutgoingTarget(
  db: Executor,
  user: PrivacyPerson & { id: string },
  target: PrivacyTarget,
  id: number,
  now: Date,
  description?: string,
) {
  const messages = await outgoingTexts(db, user.id, target, id, now, description);
  const { findings, text_hash } = await scanOutgoingInSlices(
    messages.map((m) => m.content),
    user,
  );
  return {
    target,
    messages,
    findings: findings.map((f) => ({ ...f, label: FINDING_LABELS[f.kind], marker: REDACTION_MARKERS[f.kind] })),
    text_hash,
    blocking: await isPrivacyCheckBlocking(db),
  };
}

/** What an export lets leave: its messages, then its title (the file's heading) as its own text. */
function exportTexts(transcript: Transcript): OutgoingMessage[] {
  return [
    ...transcript.messages.map(({ role, author, content }) => ({ role, author, content })),
    { role: "title", author: TITLE_AUTHOR, content: transcript.title },
  ];
}

/**
 * A conversation's export as the privacy check lets it leave: the chosen findings as markers in
 * the file only. A finding in the title is its own place, as a message's is.
 */
export async function checkedTranscript(db: Executor, user: PrivacyPerson, transcript: Transcript, choice: PrivacyChoice): Promise<Transcript> {
  const texts = exportTexts(transcript).map((m) => m.content);
  const checked = await checkOutgoing(db, texts, user, choice);
  return { ...transcript, title: checked.texts[texts.length - 1]!, messages: transcript.messages.map((m, i) => ({ ...m, content: checked.texts[i]! })) };
}
