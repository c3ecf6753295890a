import type { Context } from "../../kit/context";
import { listProviderKeyHints } from "../../account/user/provider-keys";
import type { UserRow } from "../../account/user/require-user";
import { listPromptsForUser } from "./prompts";

/**
 * The model and prompt dropdowns of the chat screen: only models
 * whose service has a usable key for this user (their own or the platform's) are offered.
 */
export async function listChatOptions(ctx: Pick<Context, "db" | "models">, user: UserRow) {
  const [own, prompts] = await Promise.all([listProviderKeyHints(ctx.db, user.id), listPromptsForUser(ctx.db, user.id)]);
  const models = ctx.models.listForUser({ openai: own.openai !== undefined, anthropic: own.claude !== undefined });
  return {
    userModels: models.map((m) => ({ id: m.id, name: m.name, version: m.version, service: m.service })),
    userPrompts: prompts.map((p) => ({ id: p.id, name: p.name, prompt: p.prompt })),
  };
}
