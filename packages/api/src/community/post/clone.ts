import { and, desc, eq, inArray } from "drizzle-orm";
import { models, posts, type Database, type Executor, type PostMessage } from "@parley/db";
import { DEFAULT_CATEGORY } from "@parley/contracts";
import { copyConversation, type CopiedExchange } from "../../conversation/chat/copies";
import { newSessionId } from "../../conversation/chat/session-id";
import { AppError } from "../../kit/errors";
import { comparisonFork } from "./fork-comparison";
import { POST_NOT_FOUND, postVisibleTo } from "./visibility";
import { assertComparisonRevealed } from "./votes";

/** The catalogue's model ids by the names a post's replies carry (a model gone from the catalogue has none). */
async function modelIdsByName(tx: Executor, messages: PostMessage[]) {
  const names = [...new Set(messages.flatMap((m) => (!m.isUser && m.model_name ? [m.model_name] : [])))];
  if (names.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ id: models.id, name: models.name })
    .from(models)
    .where(inArray(models.name, names))
    .orderBy(desc(models.enabled), models.sortOrder);
  const byName = new Map<string, string>();
  for (const row of rows) if (!byName.has(row.name)) byName.set(row.name, row.id);
  return byName;
}

/**
 * Copies a post's conversation into a new session of the caller ('Interact with this
 * conversation'), pairing each user message with the reply after it, in one transaction.
 */
export async function clonePostIntoSession(db: Database, userId: string, postId: number, now: Date, usableModels?: () => Promise<Set<string>>) {
  const usable = usableModels ? await usableModels() : new Set<string>();
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select()
      .from(posts)
      .where(and(eq(posts.id, postId), postVisibleTo(userId)))
      .limit(1);
    if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
    if (post.comparison) await assertComparisonRevealed(tx, userId, post);
    const id = newSessionId();
    const copy = {
      id,
      userId,
      description: post.description,
      category: post.categories[0] ?? DEFAULT_CATEGORY,
      lineage: { sessionId: post.sourceSessionId, userId: post.userId, postId: post.id },
      now,
    };
    if (post.comparison) {
      const author = post.messages.find((m) => m.isUser)?.user ?? null;
      const fork = comparisonFork(post.comparison, author, now, usable);
      await copyConversation(tx, { ...copy, ...fork.copy });
      return { new_session_id: id, unavailable_models: fork.unavailable };
    }
    const modelIdOf = await modelIdsByName(tx, post.messages);
    const exchanges: CopiedExchange[] = [];
    for (let i = 0; i < post.messages.length; i++) {
      const message = post.messages[i]!;
      if (!message.isUser) continue;
      const reply = post.messages[i + 1]?.isUser === false ? post.messages[i + 1] : undefined;
      exchanges.push({
        parent: exchanges.length === 0 ? null : exchanges.length - 1,
        messageContent: message.content,
        responseContent: reply?.content ?? "",
        // The reply keeps its model, so the copy (and a post of it) names it rather than 'AI'.
        modelId: (reply?.model_name && modelIdOf.get(reply.model_name)) || null,
        authorName: message.user,
        status: "complete",
        createdAt: new Date(message.timestamp),
      });
    }
    await copyConversation(tx, { ...copy, exchanges });
    return { new_session_id: id, unavailable_models: [] as { model_id: string; model_name: string }[] };
  });
}
