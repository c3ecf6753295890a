import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows } from "@parley/db";
import { createChatApp, MODEL } from "./support/chat-fixture";

// A conversation whose only reply is still coming has nothing a post could hold yet: posting it
// says so (and that it can be posted once the reply has ended), not that a message is missing.

let t: Awaited<ReturnType<typeof createChatApp>>;
beforeAll(async () => {
  t = await createChatApp();
});
afterAll(() => t.close());

async function pendingSessionOf(name: string): Promise<number | undefined> {
  const rows = resultRows<{ id: string }>(
    await t.db.db.execute(
      sql`select s.id::text as id from chat_sessions s join users u on u.id = s.user_id join chat_entries e on e.session_id = s.id
        where u.subject = ${name} and e.status = 'pending' limit 1`,
    ),
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

describe("posting a conversation while its reply is still coming", () => {
  it("is refused with a message that says the reply is still coming, and goes through once it has ended", async () => {
    await t.signUp("walt");
    t.openai.setScenario({ type: "reply", chunks: ["Boots", " and water."], firstTokenDelayMs: 1500 });
    const replying = t.send("walt", "Packing list for a hike", { model_id: MODEL.platform });
    await expect.poll(() => pendingSessionOf("walt"), { timeout: 10_000, interval: 50 }).toBeDefined();
    const sessionId = (await pendingSessionOf("walt"))!;

    const early = await t.call("walt", "POST", "/post/postChat", { chat_id: sessionId, description: "Hike packing", categories: [] });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe("A reply is still coming: the conversation can be posted once it has ended.");

    expect((await replying).status).toBe(200);
    const posted = await t.call("walt", "POST", "/post/postChat", { chat_id: sessionId, description: "Hike packing", categories: [] });
    expect(posted.status).toBe(200);
    expect(posted.body.post_id).toEqual(expect.any(Number));
  });
});
