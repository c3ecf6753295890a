import { inArray } from "drizzle-orm";
import { models, posts, type Executor } from "@parley/db";
import { AppError } from "../../kit/errors";
import { buildComparisonSnapshot, flattenComparison, hasCompleteAnswer } from "./comparison-snapshot";
import type { PublishInput } from "./post-row";

/**
 * Publishes a comparison session as a comparison post: the side-by-side snapshot, its plain
 * messages for readers of `messages`, and every compared model's version.
 */
export async function insertComparisonPost(
  tx: Executor,
  args: { userId: string; sessionId: number; modelIds: string[]; author: string; input: PublishInput; now: Date },
) {
  const comparison = await buildComparisonSnapshot(tx, args.sessionId, args.modelIds);
  if (!hasCompleteAnswer(comparison)) throw new AppError("BAD_REQUEST", "This comparison has no complete answer yet: send a message first.");
  const versions = args.modelIds.length
    ? await tx.select({ id: models.id, version: models.version }).from(models).where(inArray(models.id, args.modelIds))
    : [];
  const versionOf = new Map(versions.map((v) => [v.id, v.version]));
  const modelVersions = [...new Set(args.modelIds.map((id) => versionOf.get(id) ?? id))];
  const [post] = await tx
    .insert(posts)
    .values({
      userId: args.userId,
      sourceSessionId: args.sessionId,
      description: args.input.description,
      categories: [...new Set(args.input.categories)],
      modelVersions,
      messages: flattenComparison(comparison, args.author, args.now),
      comparison,
      createdAt: args.now,
    })
    .returning({ id: posts.id });
  return { post_id: post!.id };
}
