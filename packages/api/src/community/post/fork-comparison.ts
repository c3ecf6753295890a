import type { PostComparison } from "@parley/db";
import type { CopiedExchange } from "../../conversation/chat/copies";

/**
 * A comparison post as a new comparison session of the caller (copyConversation writes it): the
 * same models, one column each, and each column's answers as its own branch (turn k's parent is
 * the column's turn k-1), the session on column 0's last. Models the caller cannot use stay in
 * the comparison and are named in `unavailable`, so the chat can show them as unavailable rather
 * than dropping them.
 */
export function comparisonFork(comparison: PostComparison, authorName: string | null, now: Date, usable: Set<string>) {
  const modelIds = comparison.models.map((m) => m.modelId ?? m.modelName);
  const exchanges: CopiedExchange[] = [];
  let active: number | null = null;
  for (const [turn, { prompt, answers }] of comparison.turns.entries()) {
    // Each turn's exchanges keep the order of the columns, a millisecond per turn apart.
    const createdAt = new Date(now.getTime() - (comparison.turns.length - turn));
    modelIds.forEach((modelId, column) => {
      const answer = answers[column];
      if (column === 0) active = exchanges.length;
      exchanges.push({
        parent: turn === 0 ? null : exchanges.length - modelIds.length,
        compareColumn: column,
        messageContent: prompt,
        responseContent: answer?.content ?? "",
        modelId,
        authorName,
        status: answer?.status === "complete" || answer?.status === "error" ? answer.status : "stopped",
        createdAt,
      });
    });
  }
  return {
    copy: { exchanges, active, compareModels: modelIds },
    unavailable: comparison.models
      .filter((m) => !usable.has(m.modelId ?? m.modelName))
      .map((m) => ({ model_id: m.modelId ?? m.modelName, model_name: m.modelName })),
  };
}
