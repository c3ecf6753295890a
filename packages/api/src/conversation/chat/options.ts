import type { Context } from "../../kit/context";
import { listProviderKeyHints } from "../../account/user/provider-keys";
import type { UserRow } from "../../account/user/require-user";
import { isRatedModel } from "./battle/sampling";
import { listPromptsForUser } from "./prompts";

/**
 * The model and prompt dropdowns of the chat screen: only models
 * whose service has a usable key for this user (their own or the platform's) are offered, each
 * saying whether a battle may draw it (the screen says before a send when fewer than two can).
 */
export async function listChatOptions(ctx: Pick<Context, "db" | "models">, user: UserRow) {
  const [own, prompts] = await Promise.all([listProviderKeyHints(ctx.db, user.id), listPromptsForUser(ctx.db, user.id)]);
  const models = ctx.models.listForUser({ openai: own.openai !== undefined, anthropic: own.claude !== undefined });
  return {
    userModels: models.map((m) => ({ id: m.id, name: m.name, version: m.version, service: m.service, battle: isRatedModel(m.id) })),
    userPrompts: prompts.map((p) => ({ id: p.id, name: p.name, prompt: p.prompt, builtin: p.builtin })),
  };
}

/** The model ids a user may chat with now (the platform's keys and their own). */
export async function usableModelIds(ctx: Pick<Context, "db" | "models">, userId: string): Promise<Set<string>> {
  const own = await listProviderKeyHints(ctx.db, userId);
  return new Set(ctx.models.listForUser({ openai: own.openai !== undefined, anthropic: own.claude !== undefined }).map((m) => m.id));
}
