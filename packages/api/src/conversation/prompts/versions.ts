import { sql } from "drizzle-orm";
import { PROMPT_LIMITS } from "@parley/contracts";
import { prompts, promptVersions, type Executor } from "@parley/db";

/**
 * Keeps at most PROMPT_LIMITS.keptVersions versions of a prompt, the current one included: the
 * oldest beyond them are folded away. Every write that may make a version calls it.
 */
export async function foldPromptVersions(db: Executor, promptIds: number[]) {
  if (promptIds.length === 0) return;
  await db.execute(sql`
    delete from ${promptVersions} v using ${prompts} p
    where p.id = v.prompt_id and p.id in (${sql.join(
      promptIds.map((id) => sql`${id}::int`),
      sql`, `,
    )})
      and v.version <= p.version - ${PROMPT_LIMITS.keptVersions}::int`);
}
