// Reach in Chromium: download a post and a conversation, open a post and a shared conversation
// through their public links in a browser without an account, revoke a link, import an export.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn, PASSWORD, type StorageState } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

test.describe.configure({ mode: "serial" });

const CHATGPT_EXPORT = fileURLToPath(new URL("../apps/server/test/fixtures/chatgpt-conversations.json", import.meta.url));
const WIDE = { width: 1400, height: 900 };

let author: StorageState;
/** A second account, signed in only from a public page. */
const reader = newAccount("reader");
let postPath = "";
let publicPostUrl = "";
test.beforeAll(async () => {
  const testInfo = test.info();
  testInfo.setTimeout(120_000);
  author = await createAccount(testInfo.project.use.baseURL, newAccount("reach"));
  await createAccount(testInfo.project.use.baseURL, reader);
});

async function sendFirstMessage(page: Page, text: string) {
  await page.goto("/chat");
  await page.getByPlaceholder("Type your message here...").fill(text);
  // Enter sends only once the models are loaded; on a busy machine that can come after the fill.
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled({ timeout: 15_000 });
  await page.getByPlaceholder("Type your message here...").press("Enter");
  await expect(page).toHaveURL(/sessionId=\d+/, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
}

test("the author downloads a post and opens it to anyone with the link", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, author, WIDE);
  await sendFirstMessage(page, "Explain <b>tides</b> to a child");
  await page.getByLabel("Description").fill("Tides for kids");
  await page.getByRole("button", { name: "Post Conversation" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 15_000 });
  postPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: "Post", exact: true })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("group", { name: "Download" }).getByRole("button", { name: "Markdown" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("parley-post-tides-for-kids.md");
  const markdown = readFileSync((await download.path())!, "utf8");
  expect(markdown).toContain("# Tides for kids");
  expect(markdown).toContain("Explain <b>tides</b> to a child");

  const toggle = page.getByRole("switch", { name: "Anyone with the link" });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeChecked();
  const link = page.getByRole("textbox", { name: "Public link" });
  await expect(link).toHaveValue(/\/p\/[A-Za-z0-9_-]{24}$/);
  publicPostUrl = await link.inputValue();
  await expectNoSeriousA11yViolations(page);
  await close();
});

test("a browser without an account reads the public post, which says noindex", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const response = await page.goto(publicPostUrl);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  // The first look waits for the app to start in a new browser, which takes a while on a busy machine.
  await expect(page.getByRole("heading", { name: "Tides for kids" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Explain <b>tides</b> to a child").first()).toBeVisible();
  await expect(page.getByText("Sign in to like, comment or fork")).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Tides for kids · Parley");
  const image = await page.request.get(`${publicPostUrl}/preview.png`);
  expect(image.headers()["content-type"]).toBe("image/png");
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test("the author turns the link off and the address is a 404", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, author, WIDE);
  await page.goto(postPath);
  await page.getByRole("switch", { name: "Anyone with the link" }).click();
  await expect(page.getByRole("switch", { name: "Anyone with the link" })).not.toBeChecked();
  await expect(page.getByRole("textbox", { name: "Public link" })).toHaveCount(0);
  await close();

  const context = await browser.newContext({ baseURL });
  const anonymous = await context.newPage();
  const response = await anonymous.goto(publicPostUrl);
  expect(response?.status()).toBe(404);
  await expect(anonymous.getByRole("heading", { name: "This link does not lead anywhere" })).toBeVisible({ timeout: 15_000 });
  await expect(anonymous.getByText("Explain <b>tides</b> to a child")).toHaveCount(0);
  await context.close();
});

test("a shared conversation downloads as JSON and opens without an account through its public link", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, author, WIDE);
  await sendFirstMessage(page, "What is a haiku?");
  const downloading = page.waitForEvent("download");
  await page.getByRole("group", { name: "Download" }).getByRole("button", { name: "JSON" }).click();
  const json = JSON.parse(readFileSync((await (await downloading).path())!, "utf8")) as { kind: string; messages: { role: string; content: string }[] };
  expect(json.kind).toBe("conversation");
  expect(json.messages[0]).toMatchObject({ role: "user", content: "What is a haiku?" });

  // Its public page is one of the share's audiences: there is none to choose before sharing.
  await expect(page.getByRole("radio", { name: /^Public page/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Share Conversation" }).click();
  const publicPage = page.getByRole("radio", { name: /^Public page/ }).first();
  await expect(publicPage).toBeEnabled();
  await publicPage.click();
  await expect(publicPage).toBeChecked();
  const url = await page.getByRole("textbox", { name: "Public link" }).first().inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{24}$/);
  await close();

  // A reader with an account, not yet signed in in this browser, opens the link, signs in from
  // the page, lands on the conversation's share and forks it.
  const context = await browser.newContext({ baseURL });
  const anonymous = await context.newPage();
  expect((await anonymous.goto(url))?.status()).toBe(200);
  await expect(anonymous.getByText("What is a haiku?").first()).toBeVisible({ timeout: 15_000 });
  await expect(anonymous.getByText("Sign in to like, comment or fork")).toBeVisible();
  await anonymous.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(anonymous.getByRole("heading", { name: "Sign in to Parley" })).toBeVisible({ timeout: 15_000 });
  await anonymous.getByLabel("Email").fill(reader.email);
  await anonymous.getByLabel("Password").fill(PASSWORD);
  await anonymous.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(anonymous).toHaveURL(/\/chat\/share\/\d+$/, { timeout: 20_000 });
  await expect(anonymous.getByText("What is a haiku?").first()).toBeVisible();
  await anonymous.getByRole("button", { name: "Clone and Continue" }).click();
  await expect(anonymous).toHaveURL(/\/chat\?sessionId=\d+$/, { timeout: 15_000 });
  await expect(anonymous.getByText("What is a haiku?").first()).toBeVisible();
  await anonymous.getByPlaceholder("Type your message here...").fill("And a limerick?");
  await anonymous.getByPlaceholder("Type your message here...").press("Enter");
  await expect(anonymous.getByText("And a limerick?").first()).toBeVisible();
  await expect(anonymous.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  await context.close();
});

test("importing a ChatGPT export shows its conversations", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, author, WIDE);
  await page.goto("/chat");
  await page.getByRole("region", { name: "Import conversations" }).getByLabel("Choose file").setInputFiles(CHATGPT_EXPORT);
  await expect(page.getByText("Imported 2 conversations (3 exchanges) from ChatGPT.")).toBeVisible({ timeout: 15_000 });
  const list = page.getByRole("navigation", { name: "Your Conversations" });
  await expect(list.getByText("Sourdough starter help")).toBeVisible();
  await list.getByText("Sourdough starter help").click();
  await expect(page.getByText("Whole rye flour gives the most sour taste.")).toBeVisible();
  await expect(page.getByText("ABANDONED BRANCH")).toHaveCount(0);

  await page
    .getByRole("region", { name: "Import conversations" })
    .getByLabel("Choose file")
    .setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from('{"notes": []}') });
  await expect(page.getByRole("alert").filter({ hasText: "This file is not a ChatGPT or Claude export" })).toBeVisible();
  await close();
});

test("an import shows how many of its exchanges are stored while the server works on it", async ({ browser, baseURL }) => {
  const account = await createAccount(baseURL, newAccount("import-progress"));
  const { page, close } = await openSignedIn(browser, baseURL, account, WIDE);
  const region = page.getByRole("region", { name: "Import conversations" });
  // The import's answer is held until the test has read the progress on screen: meanwhile the panel
  // knows how far the import got only from the server. It is let go only after the last look at the
  // progress; let go as soon as the progress shows, it could end the progress before that look.
  let letGo = () => {};
  const answerLetGo = new Promise<void>((resolve) => (letGo = resolve));
  let held = false;
  await page.route(
    (url) => url.pathname === "/api/v1/chat/import",
    async (route) => {
      held = true;
      // The file as the page sent it (Playwright does not pass a File body on by itself).
      const response = await route.fetch({ postData: readFileSync(CHATGPT_EXPORT) });
      await answerLetGo;
      await route.fulfill({ response });
    },
  );
  await page.goto("/chat");
  await region.getByLabel("Choose file").setInputFiles(CHATGPT_EXPORT);
  try {
    await expect(region.getByRole("status").filter({ hasText: "Importing conversations… 3 of 3 exchanges stored." })).toBeVisible({ timeout: 30_000 });
    await expect(region.getByRole("progressbar", { name: "Importing conversations…" })).toHaveAttribute("value", "3");
    expect(held).toBe(true);
  } finally {
    letGo();
  }
  await expect(page.getByText("Imported 2 conversations (3 exchanges) from ChatGPT.")).toBeVisible({ timeout: 15_000 });
  await expect(region.getByRole("progressbar")).toHaveCount(0);
  await close();
});

test("an import made while the conversation list is still loading shows up in it", async ({ browser, baseURL }) => {
  const account = await createAccount(baseURL, newAccount("import-early"));
  const { page, close } = await openSignedIn(browser, baseURL, account, WIDE);
  // The list's first load is held until the import has answered, so that load was read before it.
  const importAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/chat/import", { timeout: 60_000 });
  let held = false;
  await page.route(/\/trpc\/[^?]*chat\.sessions/, async (route) => {
    if (held) return route.continue();
    held = true;
    const response = await route.fetch();
    await importAnswered;
    await route.fulfill({ response }).catch(() => undefined);
  });
  await page.goto("/chat");
  await page.getByRole("region", { name: "Import conversations" }).getByLabel("Choose file").setInputFiles(CHATGPT_EXPORT);
  await expect(page.getByText("Imported 2 conversations (3 exchanges) from ChatGPT.")).toBeVisible({ timeout: 15_000 });
  expect(held).toBe(true);
  await expect(page.getByRole("navigation", { name: "Your Conversations" }).getByText("Sourdough starter help")).toBeVisible({ timeout: 10_000 });
  await close();
});
