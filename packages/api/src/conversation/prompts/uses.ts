import { sql, type SQL } from "drizzle-orm";
import { prompts, promptVersions } from "@parley/db";
import { promptVisibleTo } from "./present";

/** The library prompt a send, comparison or battle names: its id and, optionally, the version filled in. */
export type PromptUse = { promptId: number; promptVersion: number | null };

/**
 * The prompt (`id`, `version`) a new exchange names, at most one row: the library prompt its
 * message was written from (`use`), or else its system prompt (`systemPromptId`, which has no
 * version), whichever the sender may open (promptVisibleTo: their own, a built-in one, or one no
 * moderator hid that is public, or unlisted and opened by its address). A prompt they may not
 * open is not named, and the send goes on. A version the prompt never had is named as its
 * current one. The exchange's insert writes it (storeExchange); triggers take it from there: the
 * conversation's first exchange names the prompt that started it, and the sender counts once
 * among the prompt's users (docs/prompts.md). The text is the same for every request, so the
 * store's statement stays one prepared statement.
 */
export function namedPromptSql(use: PromptUse | null, systemPromptId: number | null, sender: SQL): SQL {
  const p = prompts;
  const v = promptVersions;
  const used = sql`${use?.promptId ?? null}::int`;
  const version = sql`coalesce((select ${v.version} from ${v} where ${v.promptId} = ${p.id} and ${v.version} = ${use?.promptVersion ?? null}::int), ${p.version})`;
  return sql`select ${p.id} as id, case when ${p.id} = ${used} then ${version} end as version
    from ${p} where ${p.id} in (${used}, ${systemPromptId}::int) and ${promptVisibleTo(sender)}
    order by ${p.id} = ${used} desc nulls last limit 1`;
}

/** The prompt a send's input names, if any. */
export const promptUseOf = (input: { promptId?: number | null; promptVersion?: number | null }): PromptUse | null =>
  input.promptId ? { promptId: input.promptId, promptVersion: input.promptVersion ?? null } : null;
