import { eq } from "drizzle-orm";
import { chatEntries, chatSessions, type Executor, type PostComparison } from "@parley/db";

/**
 * Copies a comparison post into a new comparison session of the caller: the same models, one
 * column each, and each column's answers as its own branch (turn k's parent is the column's
 * turn k-1). Models the caller cannot use stay in the comparison and are named in
 * `unavailable_models`, so the chat can show them as unavailable rather than dropping them.
 */
export async function insertComparisonFork(
  tx: Executor,
  args: { sessionId: number; comparison: PostComparison; authorName: string | null; now: Date; usable: Set<string> },
) {
  const modelIds = args.comparison.models.map((m) => m.modelId ?? m.modelName);
  const leaves: (number | null)[] = modelIds.map(() => null);
  for (const [turn, { prompt, answers }] of args.comparison.turns.entries()) {
    // Each turn's exchanges keep the order of the columns, a millisecond per turn apart.
    const createdAt = new Date(args.now.getTime() - (args.comparison.turns.length - turn));
    const inserted = await tx
      .insert(chatEntries)
      .values(
        modelIds.map((modelId, column) => ({
          sessionId: args.sessionId,
          parentEntryId: leaves[column],
          compareColumn: column,
          messageContent: prompt,
          responseContent: answers[column]?.content ?? "",
          modelId,
          authorName: args.authorName,
          status: answers[column]?.status === "complete" || answers[column]?.status === "error" ? answers[column].status : "stopped",
          createdAt,
        })),
      )
      .returning({ id: chatEntries.id, column: chatEntries.compareColumn });
    for (const row of inserted) leaves[row.column!] = row.id;
  }
  await tx.update(chatSessions).set({ compareModels: modelIds, activeEntryId: leaves[0] }).where(eq(chatSessions.id, args.sessionId));
  return args.comparison.models
    .filter((m) => !args.usable.has(m.modelId ?? m.modelName))
    .map((m) => ({ model_id: m.modelId ?? m.modelName, model_name: m.modelName }));
}
