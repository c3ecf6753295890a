// Finding things in Chromium: search Discover by a word of a conversation, page on with 'Load
// more', open the author's creator page, and search your own conversations.
import { expect, test } from "@playwright/test";
import { api } from "./support/api";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

test.describe.configure({ mode: "serial" });

// A word no other test writes, so the results are this file's posts only.
const WORD = `quokka${Date.now().toString(36)}`;
const POSTS_PER_AUTHOR = 7;

let authors: { state: StorageState }[] = [];
test.beforeAll(async () => {
  const testInfo = test.info();
  test.setTimeout(120_000);
  const accounts = ["finder-a", "finder-b", "finder-c"].map((tag) => newAccount(tag));
  authors = [];
  for (const account of accounts) authors.push({ state: await createAccount(testInfo.project.use.baseURL, account) });
});

test("three people post conversations that mention the word", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  for (const [index, author] of authors.entries()) {
    const { page, close } = await openSignedIn(browser, baseURL, author.state);
    await page.goto("/chat");
    await expect(page.getByPlaceholder("Type your message here...")).toBeVisible();
    for (let i = 0; i < POSTS_PER_AUTHOR; i++) {
      const sent = await api(page, "POST", "/chat/postChat", {
        messages: [{ content: `Tell me about the ${WORD}, part ${index}x${i}` }],
        model_id: "demo:parley-demo",
        session_id: 0,
        category: "general",
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const posted = await api(page, "POST", "/post/postChat", { chat_id: sent.body.session_id, description: `Notes ${index}x${i}`, categories: ["general"] });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    }
    await close();
  }
});

test("Discover's search finds them by a word of the conversation, highlighted, and 'Load more' pages on", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { page, close } = await openSignedIn(browser, baseURL, authors[0]!.state, { width: 1400, height: 900 });
  await page.goto("/discover");
  await page.getByRole("searchbox", { name: "Search posts" }).fill(WORD);
  const results = page.getByRole("list", { name: "Search results" }).getByRole("article");
  await expect(results).toHaveCount(20);
  await expect(results.first().locator("mark").first()).toHaveText(WORD);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(results).toHaveCount(3 * POSTS_PER_AUTHOR);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Search posts" }).fill(`${WORD} nothingmatchesthis`);
  await expect(page.getByText(/^No posts match/)).toBeVisible();
  await close();
});

test("a name on a card opens the creator page with their posts and likes", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { page, close } = await openSignedIn(browser, baseURL, authors[0]!.state, { width: 1400, height: 900 });
  await page.goto("/discover");
  await page.getByRole("searchbox", { name: "Search posts" }).fill(`${WORD} 1x3`);
  // The search's own card: until the search answers, the feed below the box may show the same post.
  const results = page.getByRole("list", { name: "Search results" }).getByRole("article");
  await expect(results).toHaveCount(1);
  const card = results.filter({ hasText: "Notes 1x3" });
  await card.getByRole("button", { name: /^Like/ }).click();
  await expect(card.getByRole("button", { name: /^Unlike/ })).toContainText("1");
  const name = card.getByRole("link", { name: /^finder-b/ });
  const author = (await name.textContent()) ?? "";
  await name.click();
  await expect(page).toHaveURL(/\/u\/finder-b[a-z0-9-]*$/);
  await expect(page.getByRole("heading", { level: 1, name: author })).toBeVisible();
  await expect(page.getByText(`${POSTS_PER_AUTHOR} posts`)).toBeVisible();
  await expect(page.getByText("1 like received")).toBeVisible();
  await expect(page.getByRole("list", { name: "Posts" }).getByRole("article")).toHaveCount(POSTS_PER_AUTHOR);
  await expectNoSeriousA11yViolations(page);
  await close();
});

test("the chat's left panel searches your own conversations only", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, authors[2]!.state, { width: 1400, height: 900 });
  await page.goto("/chat");
  await page.getByRole("searchbox", { name: "Search your conversations" }).fill(`${WORD} 2x4`);
  const matches = page.getByRole("list", { name: "Matching conversations" }).getByRole("button");
  await expect(matches).toHaveCount(1);
  await expect(matches.first().locator("mark").first()).toHaveText(WORD);
  await page.getByRole("searchbox", { name: "Search your conversations" }).fill(`${WORD} 1x4`);
  await expect(page.getByText(/^No conversations match/)).toBeVisible();
  await close();
});
