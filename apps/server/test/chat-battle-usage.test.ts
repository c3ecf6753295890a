import { createTRPCClient, httpBatchStreamLink, splitLink, httpLink } from "@trpc/client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter } from "@parley/api";
import { resultRows } from "@parley/db";
import { createChatApp, MODEL } from "./support/chat-fixture";

// A battle's usage (docs/leaderboard.md, "Battles"): what each answer cost differs by model (a
// person's own key is not charged, a platform model is; two providers count the same message in
// different tokens), so nothing of it is shown per answer before the verdict; after it, each
// answer shows its tokens and its charge.

const CLAUDE_KEY = "sk-ant-own-key-000000000000000000000003";

let t: Awaited<ReturnType<typeof createChatApp>>;
let url: string;
beforeAll(async () => {
  t = await createChatApp();
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  t.openai.setScenario({ type: "reply", chunks: ["The platform's plan."], usage: { inputTokens: 11, outputTokens: 7 } });
  t.anthropic.setScenario({ type: "reply", chunks: ["Claude's own plan."], usage: { inputTokens: 20, outputTokens: 9 } });
  await t.signUp("ivy");
  expect((await t.call("ivy", "POST", "/user/updateUserApiKeys", { claude_api_key: CLAUDE_KEY, open_ai_key: "", nickname: "" })).status).toBe(200);
  // The pair drawn is the platform's OpenAI model (charged) against Claude on Ivy's own key (not charged).
  for (const [one, other, battles] of [
    [MODEL.platform, MODEL.claude, 0],
    [MODEL.platform, MODEL.demo, 1_000_000_000],
    [MODEL.claude, MODEL.demo, 1_000_000_000],
  ] as const) {
    await t.db.db
      .execute(sql`insert into battle_pairs (model_a, model_b, battles) values (least(${one}::text, ${other}::text), greatest(${one}::text, ${other}::text), ${battles})
      on conflict (model_a, model_b) do update set battles = excluded.battles`);
  }
});
afterAll(() => t.close());

/** Every field of an answer, or of a `done` event, that is not the answer's own place or text. */
const perAnswer = (answer: Record<string, unknown>) => {
  const { column: _column, label: _label, message_response: _reply, response_content: _content, ...rest } = answer;
  return rest;
};

/** The fields no answer may differ in before the verdict: the same for A and B. */
const expectAlike = (answers: Record<string, unknown>[]) => {
  expect(answers).toHaveLength(2);
  expect(perAnswer(answers[0]!)).toEqual(perAnswer(answers[1]!));
  expect(JSON.stringify(answers)).not.toMatch(/charged|tokens/);
};

async function shownModels(id: number) {
  return resultRows<{ compare_models: string[] }>(await t.db.db.execute(sql`select compare_models from chat_sessions where id = ${id}`))[0]!.compare_models;
}

describe("a battle's usage", () => {
  it("is the same for A and B before the verdict on every path (JSON, SSE, tRPC, the battle's read), and shows each answer's charge after it", async () => {
    const json = await t.call("ivy", "POST", "/chat/battles", { messages: [{ content: "Plan a picnic" }] });
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    const id = json.body.battle_id as number;
    expect([...(await shownModels(id))].sort()).toEqual([MODEL.platform, MODEL.claude].sort());
    expectAlike(json.body.answers as Record<string, unknown>[]);

    const sse = await fetch(`${url}/api/v1/chat/battles`, {
      method: "POST",
      headers: { authorization: "Bearer test:ivy", "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ messages: [{ content: "Plan another picnic" }] }),
    });
    const events = (await sse.text())
      .split("\n\n")
      .filter((block) => block.includes("data: "))
      .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6)) as Record<string, unknown>);
    expectAlike(events.filter((e) => e.type === "done"));

    const headers = () => ({ authorization: "Bearer test:ivy" });
    const client = createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => op.path === "chat.battle",
          true: httpBatchStreamLink({ url: `${url}/trpc`, headers }),
          false: httpLink({ url: `${url}/trpc`, headers }),
        }),
      ],
    });
    const streamed: Record<string, unknown>[] = [];
    for await (const event of await client.chat.battle.mutate({ messages: [{ content: "A third picnic" }] })) streamed.push(event as Record<string, unknown>);
    expectAlike(streamed.filter((e) => e.type === "done"));

    const read = await t.call("ivy", "GET", `/chat/battles/${id}`);
    expect(read.status).toBe(200);
    expectAlike(read.body.answers as Record<string, unknown>[]);
    expect((read.body.answers as { usage: unknown }[]).map((a) => a.usage)).toEqual([null, null]);

    // The verdict shows what each answer cost: Claude on Ivy's own key nothing, the platform's model its tokens.
    const decided = await t.call("ivy", "POST", `/chat/battles/${id}/verdict`, { choice: "tie" });
    expect(decided.status).toBe(200);
    const usage = Object.fromEntries((decided.body.answers as { model_id: string; usage: unknown }[]).map((a) => [a.model_id, a.usage]));
    expect(usage).toEqual({
      [MODEL.platform]: { input_tokens: 11, output_tokens: 7, charged_tokens: 18 },
      [MODEL.claude]: { input_tokens: 20, output_tokens: 9, charged_tokens: 0 },
    });
    expect((await t.call("ivy", "GET", `/chat/battles/${id}`)).body.answers).toEqual(decided.body.answers);
  });
});
