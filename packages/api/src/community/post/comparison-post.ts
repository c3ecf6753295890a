import { inArray } from "drizzle-orm";
import { models, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import { buildComparisonSnapshot, flattenComparison, hasCompleteAnswer } from "./comparison-snapshot";
import type { PostSnapshot } from "./post-row";

/**
 * What a comparison session's post holds: the side-by-side snapshot, its plain messages for
 * readers of `messages`, and every compared model's version.
 */
export async function comparisonPostSnapshot(tx: Executor, args: { sessionId: number; modelIds: string[]; author: string; now: Date }): Promise<PostSnapshot> {
  const comparison = await buildComparisonSnapshot(tx, args.sessionId, args.modelIds);
  if (!hasCompleteAnswer(comparison)) throw new AppError("BAD_REQUEST", "This comparison has no complete answer yet: send a message first.");
  const versions = args.modelIds.length
    ? await tx.select({ id: models.id, version: models.version }).from(models).where(inArray(models.id, args.modelIds))
    : [];
  const versionOf = new Map(versions.map((v) => [v.id, v.version]));
  return {
    messages: flattenComparison(comparison, args.author, args.now),
    comparison,
    modelVersions: [...new Set(args.modelIds.map((id) => versionOf.get(id) ?? id))],
  };
}
