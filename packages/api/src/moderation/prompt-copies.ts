import { sql } from "drizzle-orm";
import { prompts, resultRows, type Executor } from "@parley/db";

/**
 * A prompt's copies: its saved copies and theirs, however far down and however edited since
 * (forked_from_id), and every prompt with its very text (written again or re-imported from an
 * exported library). The copies written after it is hidden are hidden as they are written
 * (the prompts_copy_of_hidden trigger); this reaches those that were there before.
 */
const copiesOf = (promptId: number) => sql`
  with recursive lineage(id) as (
    select id from ${prompts} where forked_from_id = ${promptId}::int
    union
    select p.id from ${prompts} p join lineage l on p.forked_from_id = l.id
  )
  select id from lineage
  union
  select c.id from ${prompts} c, ${prompts} o
  where o.id = ${promptId}::int and c.id <> o.id and c.user_id is not null and md5(c.prompt) = md5(o.prompt) and c.prompt = o.prompt`;

/**
 * Hides or restores a prompt and its copies, as a post goes with its conversation: a hidden
 * prompt does not come back on Discover through a saver's published copy or its author's
 * re-import. Restoring brings back the copies hidden with it or since, except one a moderator
 * hid on a report of its own. Answers whether the prompt itself changed.
 */
export async function setPromptHidden(tx: Executor, promptId: number, hidden: boolean, now: Date): Promise<boolean> {
  const [before] = resultRows<{ hidden_at: string | null }>(
    await tx.execute(sql`select hidden_at::text as hidden_at from ${prompts} where id = ${promptId}::int for update`),
  );
  if (!before || (before.hidden_at !== null) === hidden) return false;
  if (hidden) {
    await tx.execute(sql`update ${prompts} set hidden_at = ${now.toISOString()}::timestamptz where hidden_at is null and id = ${promptId}::int`);
    await tx.execute(sql`update ${prompts} set hidden_at = ${now.toISOString()}::timestamptz where hidden_at is null and id in (${copiesOf(promptId)})`);
    return true;
  }
  await tx.execute(sql`
    update ${prompts} set hidden_at = null
    where id in (${copiesOf(promptId)}) and hidden_at >= ${before.hidden_at}::timestamptz
      and not exists (select 1 from content_reports r where r.prompt_id = ${prompts}.id and r.status = 'actioned')`);
  await tx.execute(sql`update ${prompts} set hidden_at = null where id = ${promptId}::int`);
  return true;
}
