import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DEFAULT_RATE_LIMITS } from "@parley/api";
import { renderPreviewImage, type PreviewContent } from "../src/public/preview-image";
import { boundedExcerpt, PREVIEW_EXCERPT } from "../src/public/previews";
import { createChatApp } from "./support/chat-fixture";

// Preview images of public links are asked anonymously and cost real CPU to draw: a known picture
// is answered before the conversation is read, each picture is drawn once however many ask at
// the same time, and drawing is limited per client address.

const drawn: PreviewContent[] = [];
let t: Awaited<ReturnType<typeof createChatApp>>;
let people = 0;
beforeAll(async () => {
  t = await createChatApp({
    drawPreview: (content) => {
      drawn.push(content);
      return renderPreviewImage(content);
    },
  });
});
afterAll(() => t.close());

/** A new post with its public link on, by a new person (so per-person limits never interfere). */
async function publicPost(prompt = "What should a preview show?") {
  const name = `author${(people += 1)}`;
  await t.signUp(name);
  const sessionId = (await t.send(name, prompt)).body.session_id as number;
  const postId = (await t.call(name, "POST", "/post/postChat", { chat_id: sessionId, description: `Post by ${name}`, categories: [] })).body.post_id as number;
  const token = (await t.call(name, "POST", `/post/publicLink/${postId}`, { enabled: true })).body.token as string;
  return { name, postId, token };
}

const preview = (token: string, address = "198.51.100.1") => t.app.inject({ method: "GET", url: `/p/${token}/preview.png`, remoteAddress: address });

describe("preview images", () => {
  it("8 simultaneous requests for a new picture draw it once, and all get the same picture", async () => {
    const { token } = await publicPost();
    const before = drawn.length;
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => preview(token, `198.51.100.${10 + i}`)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(drawn.length - before).toBe(1);
    for (const response of responses) expect(response.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
  });

  it("a picture already drawn is answered from the cache, before the conversation is read", async () => {
    const { postId, token } = await publicPost();
    const first = await preview(token);
    expect(first.statusCode).toBe(200);
    const before = drawn.length;
    // Posts' text becomes unreadable: any read of a conversation now fails.
    await t.db.db.execute(sql`alter table posts rename column messages to messages_away`);
    try {
      const page = await t.app.inject({ method: "GET", url: `/api/v1/public/post/${token}` });
      expect(page.statusCode).toBe(500);
      const again = await preview(token);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(drawn.length).toBe(before);
    } finally {
      await t.db.db.execute(sql`alter table posts rename column messages_away to messages`);
    }
    expect(postId).toBeGreaterThan(0);
  });

  it("a revoked link stops showing its cached picture at once", async () => {
    const { name, postId, token } = await publicPost();
    expect((await preview(token)).statusCode).toBe(200);
    await t.call(name, "POST", `/post/publicLink/${postId}`, { enabled: false });
    const gone = await preview(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers["x-robots-tag"]).toBe("noindex");
  });

  it("is drawn again once its owner redacts what it shows (a share's and a post's), with a new ETag", async () => {
    const mail = "pat.private@example.org";
    const scan = async (name: string, target: string, id: number) =>
      (await t.call(name, "GET", `/privacy/scan/${target}/${id}`)).body as { text_hash: string; findings: { id: string; kind: string }[] };
    const redactMail = (found: Awaited<ReturnType<typeof scan>>) => ({
      privacy_hash: found.text_hash,
      redact: found.findings.filter((f) => f.kind === "email").map((f) => f.id),
    });
    const name = `author${(people += 1)}`;
    await t.signUp(name);
    const sessionId = (await t.send(name, `Write to ${mail} about the preview`)).body.session_id as number;
    expect((await t.call(name, "POST", `/chat/shareChat/${sessionId}`)).status).toBe(200);
    const chatToken = (await t.call(name, "POST", `/chat/publicLink/${sessionId}`, { enabled: true })).body.token as string;
    const chatPreview = () => t.app.inject({ method: "GET", url: `/s/${chatToken}/preview.png`, remoteAddress: "198.51.100.90" });
    const before = await chatPreview();
    expect(before.statusCode).toBe(200);
    expect(drawn.at(-1)!.prompt).toContain(mail);
    // The link's check again, now redacting the address: the page shows the marker, and so must the picture.
    const redacted = await t.call(name, "POST", `/chat/publicLink/${sessionId}`, { enabled: true, ...redactMail(await scan(name, "share", sessionId)) });
    expect(redacted.status, JSON.stringify(redacted.body)).toBe(200);
    expect(JSON.stringify((await t.app.inject({ method: "GET", url: `/api/v1/public/chat/${chatToken}` })).json())).not.toContain(mail);
    const after = await chatPreview();
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    expect(drawn.at(-1)!.prompt).not.toContain(mail);
    expect(drawn.at(-1)!.prompt).toContain("[redacted e-mail]");
    // A client holding the old picture is sent the new one.
    expect(
      (await t.app.inject({ method: "GET", url: `/s/${chatToken}/preview.png`, headers: { "if-none-match": String(before.headers.etag) } })).statusCode,
    ).toBe(200);

    const postId = (await t.call(name, "POST", "/post/postChat", { chat_id: sessionId, description: "Preview of a post", categories: [] })).body
      .post_id as number;
    const postToken = (await t.call(name, "POST", `/post/publicLink/${postId}`, { enabled: true })).body.token as string;
    const postBefore = await preview(postToken, "198.51.100.91");
    expect(postBefore.statusCode).toBe(200);
    expect(drawn.at(-1)!.prompt).toContain(mail);
    expect((await t.call(name, "POST", `/post/publicLink/${postId}`, { enabled: true, ...redactMail(await scan(name, "post_link", postId)) })).status).toBe(
      200,
    );
    const postAfter = await preview(postToken, "198.51.100.91");
    expect(postAfter.headers.etag).not.toBe(postBefore.headers.etag);
    expect(drawn.at(-1)!.prompt).not.toContain(mail);
  });

  it("is drawn from a bounded excerpt however long the conversation", async () => {
    const long = "word ".repeat(6000);
    const { token } = await publicPost(long);
    const before = drawn.length;
    expect((await preview(token)).statusCode).toBe(200);
    const content = drawn.at(-1)!;
    expect(drawn.length).toBe(before + 1);
    expect(content.prompt.length).toBeLessThanOrEqual(PREVIEW_EXCERPT.prompt);
    const excerpt = boundedExcerpt({
      title: "t".repeat(5000),
      models: Array.from({ length: 9 }, () => "m".repeat(500)),
      prompt: long,
      author: "a".repeat(900),
    });
    expect(excerpt.title.length).toBe(PREVIEW_EXCERPT.title);
    expect(excerpt.models).toHaveLength(PREVIEW_EXCERPT.models);
    expect(Math.max(...excerpt.models.map((m) => m.length))).toBe(PREVIEW_EXCERPT.model);
    expect(excerpt.author.length).toBe(PREVIEW_EXCERPT.author);
  });

  it(`one address draws at most ${DEFAULT_RATE_LIMITS.preview.limit} new pictures a minute; then 429 with Retry-After, and cached pictures and other addresses still work`, async () => {
    const limit = DEFAULT_RATE_LIMITS.preview.limit;
    const tokens: string[] = [];
    for (let i = 0; i <= limit; i++) tokens.push((await publicPost(`Question number ${i}`)).token);
    const address = "203.0.113.77";
    const statuses: number[] = [];
    for (const token of tokens.slice(0, limit)) statuses.push((await preview(token, address)).statusCode);
    expect(statuses).toEqual(Array(limit).fill(200));
    const before = drawn.length;
    const refused = await preview(tokens[limit]!, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many preview images; try again in \d+ seconds?\.$/) });
    expect(drawn.length).toBe(before);
    // A picture already drawn costs nothing, and someone else is not refused.
    expect((await preview(tokens[0]!, address)).statusCode).toBe(200);
    expect((await preview(tokens[limit]!, "203.0.113.78")).statusCode).toBe(200);
  }, 120_000);
});
