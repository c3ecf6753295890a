import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApp } from "./support/chat-fixture";

// The JSON rows of public links (/api/v1/public/...) are the same text as the pages /p/{token}
// and /s/{token}: they tell caches and search engines the same (Cache-Control, X-Robots-Tag).

let t: Awaited<ReturnType<typeof createChatApp>>;
let postId: number;
let sessionId: number;
beforeAll(async () => {
  t = await createChatApp();
  await t.signUp("alice");
  sessionId = (await t.send("alice", "Something public")).body.session_id as number;
  postId = (await t.call("alice", "POST", "/post/postChat", { chat_id: sessionId, description: "Public", categories: [] })).body.post_id as number;
});
afterAll(() => t.close());

const headersOf = async (url: string) => {
  const response = await t.app.inject({ method: "GET", url });
  return { status: response.statusCode, cache: response.headers["cache-control"], robots: response.headers["x-robots-tag"] };
};

describe("public JSON rows send the headers their pages send", () => {
  it.each([
    ["an unlisted post", false],
    ["a listed post", true],
  ])("%s", async (_what, listed) => {
    const token = (await t.call("alice", "POST", `/post/publicLink/${postId}`, { enabled: true, listed })).body.token as string;
    const page = await headersOf(`/p/${token}`);
    const row = await headersOf(`/api/v1/public/post/${token}`);
    expect(page).toEqual({ status: 200, cache: "no-cache", robots: listed ? "all" : "noindex" });
    expect(row).toEqual(page);
  });

  it("a conversation", async () => {
    await t.call("alice", "POST", `/chat/shareChat/${sessionId}`);
    const token = (await t.call("alice", "POST", `/chat/publicLink/${sessionId}`, { enabled: true })).body.token as string;
    const page = await headersOf(`/s/${token}`);
    expect(page).toEqual({ status: 200, cache: "no-cache", robots: "noindex" });
    expect(await headersOf(`/api/v1/public/chat/${token}`)).toEqual(page);
  });

  it.each(["post", "chat"])("a wrong %s token: 404, noindex, no-cache", async (kind) => {
    const page = await headersOf(`/${kind === "post" ? "p" : "s"}/no-such-token-0000000000`);
    expect(page).toEqual({ status: 404, cache: "no-cache", robots: "noindex" });
    expect(await headersOf(`/api/v1/public/${kind}/no-such-token-0000000000`)).toEqual(page);
  });
});
