import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import { ANSWER_PARAM, postAnswers } from "@parley/contracts";
import { comments, type Executor, type PostComparison, type PostMessage } from "@parley/db";
import { AppError } from "../../kit/errors";
import { getPostById } from "./posts";

/** One answer of a post: its key and name, who wrote it (as the reader may know), its text and the prompt before it. */
export type PostAnswer = { key: string; label: string; author: string; content: string; question: string };

/** A post's messages and comparison, as stored or as one reader is shown them. */
type AnsweredPost = { messages: PostMessage[]; comparison: PostComparison | { columns: unknown[] } | null };

/**
 * A post's answers in order, each with the prompt it replies to. `messages` as one reader gets
 * them (a blind comparison's answers named by their label, in that reader's order) name and
 * label the answers for that reader; the keys are the same for everyone.
 */
export function answersOfPost(post: AnsweredPost): PostAnswer[] {
  const columns = post.comparison === null ? null : "models" in post.comparison ? post.comparison.models.length : post.comparison.columns.length;
  const names = postAnswers(post.messages, columns);
  let question = "";
  const answers: PostAnswer[] = [];
  post.messages.forEach((message, index) => {
    const name = names[index];
    if (message.isUser || !name) {
      question = message.content;
      return;
    }
    answers.push({ ...name, author: message.model_name || "AI", content: message.content, question });
  });
  return answers;
}

/** The message a person reads for an answer the post does not have. */
export function noSuchAnswer(key: string, answers: PostAnswer[]) {
  const which =
    answers.length === 0
      ? "it has no answers"
      : /^\d+$/.test(answers[0]!.key)
        ? `its answers are 1 to ${answers.length}`
        : "copy the answer's link from the post's page";
  return new AppError("BAD_REQUEST", `answer: this post has no answer ${key}; ${which}.`);
}

/** The answer `key` names in the post, or a 400 saying which answers the post has. */
export function requireAnswer(post: AnsweredPost, key: string): PostAnswer {
  const answers = answersOfPost(post);
  const answer = answers.find((a) => a.key === key);
  if (!answer) throw noSuchAnswer(key, answers);
  return answer;
}

/** The link to one answer on the post page. */
export const postAnswerPath = (postId: number, key: string) => `/post/${postId}?${ANSWER_PARAM}=${encodeURIComponent(key)}`;

/**
 * How many comments each answer of a post has, by the answer's key: the ones counted in the
 * post's own count (none a moderator hid). Answers without comments are left out.
 */
export async function countAnswerComments(db: Executor, postId: number, answer?: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ answer: comments.answer, comments: count() })
    .from(comments)
    .where(and(eq(comments.postId, postId), answer === undefined ? isNotNull(comments.answer) : eq(comments.answer, answer), isNull(comments.hiddenAt)))
    .groupBy(comments.answer);
  return Object.fromEntries(rows.map((row) => [row.answer!, Number(row.comments)]));
}

/**
 * One answer of a post the viewer can see, with the prompt before it and its comments' count.
 * A blind comparison's answer is named by its column's label, never its model.
 */
export async function getPostAnswer(db: Executor, viewerId: string, postId: number, key: string) {
  const post = await getPostById(db, viewerId, postId);
  const answer = requireAnswer(post, key);
  const counted = await countAnswerComments(db, postId, key);
  return {
    post_id: postId,
    answer: answer.key,
    label: answer.label,
    author: answer.author,
    content: answer.content,
    question: answer.question,
    comments: counted[key] ?? 0,
    path: postAnswerPath(postId, key),
  };
}
