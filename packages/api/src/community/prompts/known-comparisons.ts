import { sql } from "drizzle-orm";
import { resultRows, type Executor } from "@parley/db";
import { blindSetLineage } from "../post/lineage";

/**
 * The comparisons whose models `viewerId` already knows, as the board names them ("post:<id>",
 * "battle:<id>"): the comparison posts they made, voted on or know from another post of the blind
 * set, and their own battles; with `promptId`, only those started from that prompt. Only these
 * may show a reader models, tallies or anything that ties a vote to its comparison: over the rest
 * it would name a blind comparison's models and its leader (docs/leaderboard.md).
 */
export async function knownComparisons(db: Executor, viewerId: string, promptId?: number): Promise<Set<string>> {
  const ofPrompt = (column: string) => (promptId === undefined ? sql`` : sql`and ${sql.raw(column)} = ${promptId}`);
  // The blind sets the viewer has made or voted on a post of (each post stores its set); every post of them is known.
  const rows = resultRows<{ id: string }>(
    await db.execute(sql`
      with ${blindSetLineage({
        postsIn: sql`select id from posts where user_id = ${viewerId}::uuid and comparison is not null
          union all select post_id from post_votes where user_id = ${viewerId}::uuid`,
      })}
      select 'post:' || p.id as id from lineage l join posts p on p.id = l.post_id
      where p.hidden_at is null ${ofPrompt("p.prompt_id")}
      union all
      select 'battle:' || b.session_id from battle_verdicts b join chat_sessions s on s.id = b.session_id
      where b.user_id = ${viewerId}::uuid ${ofPrompt("s.prompt_id")}`),
  );
  return new Set(rows.map((row) => row.id));
}
