import type { Database, Executor } from "@parley/db";
import { checkOutgoing, type PrivacyChoice, type PrivacyPerson } from "../../account/sharing/privacy-check";
import { countAnswerComments } from "./answers";
import { getPostLineage } from "./lineage";
import { getPostById, publishSession } from "./posts";
import { forgetSearchRankings } from "./search";
import type { VoteCounting } from "./votes";

/** What publishing a saved conversation asks: the conversation, its description and categories, and the privacy choice. */
export type PostRequest = PrivacyChoice & { chat_id: number; description: string; categories: string[] };

/**
 * Publishes a saved conversation as a post. What leaves passes the privacy check, run again here
 * on the text itself (docs/privacy.md); searches on this instance find the new post at once.
 */
export async function publishPost(db: Database, user: PrivacyPerson & { id: string }, request: PostRequest, now: Date) {
  const published = await publishSession(
    db,
    user.id,
    { sessionId: request.chat_id, description: request.description, categories: request.categories },
    now,
    (tx, texts) => checkOutgoing(tx, texts, user, request),
  );
  forgetSearchRankings(db);
  return published;
}

/** A post's page: the post with its conversation and comparison, its lineage, and its comments per answer. */
export async function getPostPage(db: Executor, viewerId: string, postId: number, seesHidden: () => Promise<boolean>, counting: VoteCounting) {
  return {
    ...(await getPostById(db, viewerId, postId, seesHidden, counting)),
    ...(await getPostLineage(db, postId)),
    answer_comments: await countAnswerComments(db, postId),
  };
}
