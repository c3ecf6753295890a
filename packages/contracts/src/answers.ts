/**
 * Links to one answer (docs/reach.md, 'Links to one answer'). An answer is named by a key:
 * - in a post, the answer's number, counted from 1 (`3`);
 * - in a comparison post, the turn's number and a short id of the answer's text (`2-k3x9q1`):
 *   the same for every reader, whatever order each is shown the answers in and whatever label
 *   each sees, and drawn from nothing but the text the reader already has, so it tells nothing
 *   of the models nor of the columns' order;
 * - in a shared conversation, the id of the exchange that holds it (`48213`), which stays the
 *   same when the owner goes on writing.
 * The key travels in the page's address as `?answer=<key>` (so link previews, which never see
 * a `#fragment`, can show that answer), and names the answer's element as `answer-<key>`.
 */
export const ANSWER_PARAM = "answer";

/** Column labels of a comparison, in the order a reader is shown its answers. */
export const ANSWER_LABELS = ["A", "B", "C", "D"] as const;

/**
 * What an answer's key looks like. This module holds no schema, so the pages that read
 * `?answer=` (their routes are in every page's first script) load no zod for it; the input
 * schema is in schemas/post.ts.
 */
export const ANSWER_KEY_PATTERN = /^[1-9]\d{0,14}(?:-[0-9a-z]{1,7})?$/;

/** The message a person reads for a key that is not one. */
export const ANSWER_KEY_MESSAGE = "must name an answer: its number (3), or in a comparison the turn and the answer's id (2-k3x9q1), as its link has them";

/** Whether a value is shaped like an answer's key (a page's `?answer=` is checked with it). */
export const isAnswerKey = (value: unknown): value is string => typeof value === "string" && ANSWER_KEY_PATTERN.test(value);

/** The id of an answer's element, the target its link scrolls to. */
export const answerElementId = (key: string) => `answer-${key}`;

/** A short id of an answer's text (FNV-1a, 32 bits, base 36): the same in the browser and on the server. */
function textId(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The key of a comparison's answer: its turn (from 1) and its text's id. */
export const comparisonAnswerKey = (turn: number, content: string) => `${turn}-${textId(content)}`;

/** One answer's key and how it is named to one reader ('answer 2'; in a comparison 'answer B', or 'answer B of turn 2'). */
export type AnswerName = { key: string; label: string };

/** A comparison's answer as one reader is shown it: its key, and its name from the label that reader sees. */
export function comparisonAnswerName(turn: number, content: string, label: string): AnswerName {
  return { key: comparisonAnswerKey(turn, content), label: turn === 1 ? `answer ${label}` : `answer ${label} of turn ${turn}` };
}

/**
 * The answers of a post's messages, in order: null for a prompt, else the answer's key and its
 * name. `columns` is the comparison's column count (null for an ordinary post): each prompt is
 * then followed by one answer per column, in the order this reader is shown them, which their
 * labels follow.
 */
export function postAnswers(messages: readonly { isUser: boolean; content: string }[], columns: number | null): (AnswerName | null)[] {
  let turn = 0;
  let place = 0;
  let answers = 0;
  return messages.map((message) => {
    if (message.isUser) {
      turn += 1;
      place = 0;
      return null;
    }
    answers += 1;
    if (columns === null) return { key: String(answers), label: `answer ${answers}` };
    return comparisonAnswerName(Math.max(turn, 1), message.content, ANSWER_LABELS[place++ % columns]!);
  });
}
