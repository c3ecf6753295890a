import { asc, eq, isNull, or, sql } from "drizzle-orm";
import { prompts, type Database, type Executor } from "@parley/db";

/** A prompt of the built-in set: `key` keeps it stable across restarts. */
export type BuiltinPrompt = { key: string; name: string; prompt: string };

/** Adds new built-in prompts and updates changed ones (by key); run at start-up. */
export async function syncBuiltinPrompts(db: Database, builtins: readonly BuiltinPrompt[]) {
  for (const builtin of builtins) {
    await db
      .insert(prompts)
      .values({ builtinKey: builtin.key, name: builtin.name, prompt: builtin.prompt })
      .onConflictDoUpdate({ target: prompts.builtinKey, set: { name: builtin.name, prompt: builtin.prompt } });
  }
}

/** The prompts a user may pick: the built-in ones, then their own and the ones they saved (their library). */
export async function listPromptsForUser(db: Executor, userId: string) {
  return db
    .select({ id: prompts.id, name: prompts.name, prompt: prompts.prompt, builtin: sql<boolean>`${prompts.userId} is null` })
    .from(prompts)
    .where(or(isNull(prompts.userId), eq(prompts.userId, userId)))
    .orderBy(sql`${prompts.userId} is not null`, asc(prompts.id));
}

/** Shown when a send names a prompt that is gone or not the caller's. */
export const PROMPT_GONE_MESSAGE = "That prompt no longer exists. Pick another one or none.";
