import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { chatEntries, models, type Executor, type PostComparison, type PostMessage } from "@parley/db";

type Exchange = { id: number; parentEntryId: number | null; compareColumn: number | null; message: string; response: string; status: string; createdAt: Date };

/** Column labels of a comparison, in column order. */
export const COLUMN_LABELS = ["A", "B", "C", "D"] as const;

/**
 * The snapshot of a comparison session: its models in column order and, turn by turn, the prompt
 * and each column's answer. A column's turns are its branch: from its latest exchange up through
 * the parents. A reply still streaming is posted as stopped; a column with no answer for a turn
 * shows an empty, `missing` answer.
 */
export async function buildComparisonSnapshot(db: Executor, sessionId: number, modelIds: string[]): Promise<PostComparison> {
  const exchanges: Exchange[] = await db
    .select({
      id: chatEntries.id,
      parentEntryId: chatEntries.parentEntryId,
      compareColumn: chatEntries.compareColumn,
      message: chatEntries.messageContent,
      response: chatEntries.responseContent,
      status: chatEntries.status,
      createdAt: chatEntries.createdAt,
    })
    .from(chatEntries)
    .where(and(eq(chatEntries.sessionId, sessionId), isNotNull(chatEntries.compareColumn)))
    .orderBy(chatEntries.createdAt, chatEntries.id);
  const names = modelIds.length ? await db.select({ id: models.id, name: models.name }).from(models).where(inArray(models.id, modelIds)) : [];
  const nameOf = new Map(names.map((m) => [m.id, m.name]));
  const byId = new Map(exchanges.map((e) => [e.id, e]));
  const branches = modelIds.map((_, column) => {
    const leaf = exchanges.filter((e) => e.compareColumn === column).at(-1);
    const branch: Exchange[] = [];
    for (let exchange = leaf; exchange; exchange = exchange.parentEntryId === null ? undefined : byId.get(exchange.parentEntryId)) branch.unshift(exchange);
    return branch;
  });
  const turnCount = Math.max(0, ...branches.map((b) => b.length));
  const turns = Array.from({ length: turnCount }, (_, turn) => ({
    prompt: branches.map((b) => b[turn]?.message).find((m) => m !== undefined) ?? "",
    answers: branches.map((b) => {
      const exchange = b[turn];
      if (!exchange) return { content: "", status: "missing" };
      return { content: exchange.response, status: exchange.status === "pending" ? "stopped" : exchange.status };
    }),
  }));
  return { models: modelIds.map((modelId) => ({ modelId, modelName: nameOf.get(modelId) ?? modelId })), turns };
}

/** Whether a snapshot has at least one complete answer to show. */
export function hasCompleteAnswer(comparison: PostComparison) {
  return comparison.turns.some((turn) => turn.answers.some((a) => a.status === "complete"));
}

/**
 * A comparison as the post's plain messages, so readers of `messages` see every answer: each
 * prompt once, then each column's answer with its model's name.
 */
export function flattenComparison(comparison: PostComparison, author: string, at: Date): PostMessage[] {
  const timestamp = at.toISOString();
  return comparison.turns.flatMap((turn) => [
    { isUser: true, model_name: null, user: author, content: turn.prompt, timestamp },
    ...turn.answers.map((answer, column) => ({
      isUser: false,
      model_name: comparison.models[column]?.modelName ?? COLUMN_LABELS[column]!,
      user: null,
      content: answer.content,
      timestamp,
    })),
  ]);
}
