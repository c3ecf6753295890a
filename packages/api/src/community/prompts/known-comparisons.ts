import { sql } from "drizzle-orm";
import { resultRows, type Executor } from "@parley/db";
import { blindSetLineage, knewFromBlindSet } from "../post/lineage";

/**
 * The comparisons started from a prompt whose models `viewerId` already knows, as the board names
 * them ("post:<id>", "battle:<id>"): the comparison posts they made, voted on or know from another
 * post of the blind set, and their own battles. Only these may show a reader models or tallies on
 * the prompt's pages: a tally over the rest would name a blind comparison's models and its leader
 * (docs/leaderboard.md, 'The pairwise matrix').
 */
export async function knownComparisonsOfPrompt(db: Executor, viewerId: string, promptId: number): Promise<Set<string>> {
  const rows = resultRows<{ id: string }>(
    await db.execute(sql`
      with recursive ${blindSetLineage()}
      select 'post:' || p.id as id from posts p
      where p.prompt_id = ${promptId} and p.comparison is not null and p.hidden_at is null
        and (p.user_id = ${viewerId}::uuid
          or exists (select 1 from post_votes v where v.post_id = p.id and v.user_id = ${viewerId}::uuid)
          or ${knewFromBlindSet(sql`p.id`, sql`${viewerId}::uuid`, sql`'infinity'::timestamptz`)})
      union all
      select 'battle:' || b.session_id from battle_verdicts b join chat_sessions s on s.id = b.session_id
      where b.user_id = ${viewerId}::uuid and s.prompt_id = ${promptId}`),
  );
  return new Set(rows.map((row) => row.id));
}
