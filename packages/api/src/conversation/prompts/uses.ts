import { sql } from "drizzle-orm";
import type { Executor } from "@parley/db";

/** The library prompt a send or comparison names: its id and, optionally, the version filled in. */
export type PromptUse = { promptId: number; promptVersion: number | null };

/**
 * Names the library prompt and version on exchanges just stored, when the sender may use it (their
 * own, a built-in one, or one they may open: public, or unlisted and opened by its address, and
 * not hidden, as promptVisibleTo says): otherwise nothing is recorded, and the
 * send goes on. A version the prompt never had is recorded as its current one. Triggers take it
 * from there: the conversation's first exchange names the prompt that started it, and the sender
 * counts once among the prompt's users (docs/prompts.md).
 */
export async function recordPromptUse(db: Executor, exchangeIds: number[], use: PromptUse) {
  if (exchangeIds.length === 0) return;
  await db.execute(sql`
    update chat_entries e
    set prompt_id = p.id,
        prompt_version = coalesce((select v.version from prompt_versions v where v.prompt_id = p.id and v.version = ${use.promptVersion}::int), p.version)
    from chat_sessions s, prompts p
    where e.id in (${sql.join(exchangeIds.map((id) => sql`${id}::bigint`), sql`, `)}) and s.id = e.session_id and p.id = ${use.promptId}::int
      and (p.user_id = s.user_id or p.user_id is null or (p.hidden_at is null and (p.visibility = 'public'
        or (p.visibility = 'unlisted' and exists (select 1 from prompt_readers r where r.prompt_id = p.id and r.user_id = s.user_id)))))`);
}

/**
 * A send's or comparison's events, recording the prompt they came from once the exchanges are
 * stored (the `session` event names them), before that event goes on.
 */
export async function* recordingPromptUse<E extends { type: string }>(db: Executor, use: PromptUse | null, events: AsyncGenerator<E>): AsyncGenerator<E> {
  for await (const event of events) {
    if (use && event.type === "session") {
      const stored = event as unknown as { entry_id?: number; columns?: { entry_id: number }[] };
      await recordPromptUse(db, stored.columns ? stored.columns.map((c) => c.entry_id) : stored.entry_id ? [stored.entry_id] : [], use);
    }
    yield event;
  }
}

/** The prompt a send's input names, if any. */
export const promptUseOf = (input: { promptId?: number | null; promptVersion?: number | null }): PromptUse | null =>
  input.promptId ? { promptId: input.promptId, promptVersion: input.promptVersion ?? null } : null;
