// The chat screen of issue 5 in Chromium: a streamed reply from the offline demo model, several
// conversations, delete, share and open as someone else in read-only mode, clone and continue,
// Enter vs Shift+Enter, and untrusted markdown that must run nothing.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

test.describe.configure({ mode: "serial" });

let alice: StorageState;
let bob: StorageState;
test.beforeAll(async () => {
  const testInfo = test.info();
  const baseURL = testInfo.project.use.baseURL;
  alice = await createAccount(baseURL, newAccount("alice"));
  bob = await createAccount(baseURL, newAccount("bob"));
});

const input = (page: Page) => page.getByPlaceholder("Type your message here...");
/** A message the user sent (the demo model's reply quotes it, so replies are left out). */
const sent = (page: Page, text: string) => page.getByRole("article", { name: "You said" }).filter({ hasText: text });

async function sendMessage(page: Page, text: string) {
  await input(page).fill(text);
  // The models load with the page; Send is enabled once one is selected.
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
  await input(page).press("Enter");
}

/** Waits until the reply being written is done (the input offers Send again). */
const replyDone = (page: Page) => expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });

test("a new user chats with the demo model and watches the reply stream in", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, alice);
  await page.goto("/chat");
  await expect(page.getByRole("heading", { name: "Chat", exact: true })).toBeVisible();
  await expect(page.getByText("How can I help you today?")).toBeVisible();
  await expect(page.getByText("Type a message to start our conversation")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
  await expect(page.getByLabel("Prompt").locator("option").first()).toHaveText("Select prompt");
  await expect(page.getByLabel("Model").locator("optgroup[label='DEMO'] option")).toHaveText(["Parley Demo (offline)"]);

  // While the reply streams, a typing indicator shows and the text grows. The wait starts before
  // the send: a short reply can come and go between a send and a first look.
  const typing = page.getByRole("status", { name: "The model is typing" });
  const typingShown = typing.waitFor({ state: "visible", timeout: 15_000 });
  await sendMessage(page, "How do tides work?");
  await typingShown;
  const reply = page.locator("article", { has: page.getByText("Parley Demo (offline)") }).last();
  await expect(reply).toContainText("offline demo", { timeout: 20_000, ignoreCase: true });
  await replyDone(page);
  await expect(typing).toHaveCount(0);
  await expect(page).toHaveURL(/\/chat\?sessionId=\d+/);
  await expect(page.getByRole("navigation", { name: "Your Conversations" }).getByText("How do tides work?")).toBeVisible();

  // After a reload the conversation is still there.
  await page.reload();
  await expect(sent(page, "How do tides work?")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await close();
});

test("Enter sends, Shift+Enter adds a line", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, alice);
  await page.goto("/chat");
  await input(page).fill("first line");
  await input(page).press("Shift+Enter");
  await input(page).pressSequentially("second line");
  await expect(input(page)).toHaveValue("first line\nsecond line");
  // Enter sends once a model is selected (the models load with the page), as Send does.
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
  await input(page).press("Enter");
  await expect(input(page)).toHaveValue("");
  await replyDone(page);
  await expect(sent(page, "second line")).toBeVisible();
  await close();
});

test("a fenced code block shows its language, a copy button and highlighting", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, alice);
  await page.goto("/chat");
  await sendMessage(page, "```ts\nconst answer: number = 42;\n```");
  await replyDone(page);
  const block = page.getByRole("article", { name: "You said" }).locator(".code-block").last();
  await expect(block.locator(".code-block__bar")).toContainText("ts");
  await expect(block.getByRole("button", { name: "Copy code" })).toBeVisible();
  // The highlighter arrives after the page; then the keyword is marked up.
  await expect(block.locator("code .hljs-keyword").first()).toHaveText("const");
  await expect(block.locator("code")).toHaveText("const answer: number = 42;");
  await close();
});

test("several conversations: start, switch, delete", async ({ browser, baseURL }) => {
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, alice);
  await page.goto("/chat");
  await page.getByRole("button", { name: "New Conversation" }).click();
  await sendMessage(page, "Conversation about apples");
  await replyDone(page);
  const appleUrl = page.url();
  await page.getByRole("button", { name: "New Conversation" }).click();
  await expect(page.getByText("How can I help you today?")).toBeVisible();
  await sendMessage(page, "Conversation about pears");
  await replyDone(page);

  const list = page.getByRole("navigation", { name: "Your Conversations" });
  await list.getByRole("button", { name: /Conversation about apples/ }).click();
  await expect(page).toHaveURL(appleUrl);
  await expect(sent(page, "Conversation about apples")).toBeVisible();
  await expect(sent(page, "Conversation about pears")).toHaveCount(0);

  const pears = list.getByRole("listitem").filter({ hasText: "Conversation about pears" });
  await pears.getByRole("button", { name: "Delete chat" }).click();
  await expect(list.getByText("Conversation about pears")).toHaveCount(0);
  expect(dialogs).toContain("Are you sure you want to delete this conversation? This action cannot be undone.");
  await close();
});

test("sharing: another user opens the link read-only, clones it and continues", async ({ browser, baseURL }) => {
  // Two people, two browser contexts, a clone and a reply.
  test.setTimeout(60_000);
  const owner = await openSignedIn(browser, baseURL, alice);
  await owner.page.goto("/chat");
  await owner.page.getByRole("button", { name: "New Conversation" }).click();
  await sendMessage(owner.page, "Recipe for a shared soup");
  await replyDone(owner.page);
  const sessionId = new URL(owner.page.url()).searchParams.get("sessionId");
  await owner.page.getByRole("button", { name: "Share Conversation" }).first().click();
  await expect.poll(() => owner.dialogs).toContain("Share link copied to clipboard! Anyone with this link can view this conversation.");
  const link = await owner.page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${new URL(owner.page.url()).origin}/chat/share/${sessionId}`);
  await owner.close();

  const reader = await openSignedIn(browser, baseURL, bob);
  await reader.page.goto(link);
  await expect(reader.page.getByRole("heading", { name: "Shared Chat (Read-only)" })).toBeVisible();
  // The owner's messages under the owner's name (never 'You', the reader's label), the reply under its model's.
  const owned = reader.page.getByRole("article", { name: /^alice-.* said$/ }).filter({ hasText: "Recipe for a shared soup" });
  await expect(owned).toBeVisible();
  await expect(reader.page.getByRole("article", { name: "You said" })).toHaveCount(0);
  const replyArticle = reader.page.getByRole("article", { name: "Parley Demo (offline) said" });
  await expect(replyArticle).toBeVisible();
  await expect(reader.page.getByRole("article", { name: "AI said" })).toHaveCount(0);
  // Each answer has a link of its own: it opens the share at that answer, focused and marked.
  await replyArticle.hover();
  await replyArticle.getByRole("button", { name: "Copy link to answer 1" }).click();
  await expect(replyArticle.getByRole("status")).toHaveText("Link copied");
  const answerLink = await reader.page.evaluate(() => navigator.clipboard.readText());
  expect(answerLink).toMatch(new RegExp(`/chat/share/${sessionId}\\?answer=\\d+$`));
  await reader.page.goto(answerLink);
  await expect(replyArticle).toHaveAttribute("aria-current", "location");
  await expect(replyArticle).toBeFocused();
  await reader.page.goto(link);
  await expect(owned).toBeVisible();
  await expect(reader.page.getByText('This is a shared chat in read-only mode. Use the "Clone and Continue" button to create your own copy.')).toBeVisible();
  await expect(reader.page.getByPlaceholder("Type your message here...")).toHaveCount(0);
  await expect(reader.page.getByText("This is a shared chat. You are viewing it in read-only mode.").first()).toBeAttached();

  await reader.page.getByRole("button", { name: "Clone and Continue" }).first().click();
  await expect(reader.page).toHaveURL(/\/chat\?sessionId=\d+$/, { timeout: 15_000 });
  expect(reader.dialogs).toContain("Creating a clone of this chat. Please wait a moment...");
  expect(new URL(reader.page.url()).searchParams.get("sessionId")).not.toBe(sessionId);
  await expect(reader.page.getByText(/^Forked from alice-/)).toBeVisible();
  await expect(sent(reader.page, "Recipe for a shared soup")).toBeVisible();
  await sendMessage(reader.page, "Can I make it vegan?");
  await replyDone(reader.page);
  await expect(sent(reader.page, "Can I make it vegan?")).toBeVisible();
  await reader.close();
});

test("Post Conversation waits while a reply is still coming, says so, and posts the whole conversation once it has come", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, alice, { width: 1400, height: 900 });
  await page.goto("/chat");
  await page.getByRole("button", { name: "New Conversation" }).click();
  await sendMessage(page, "Packing list for a hike");
  await replyDone(page);
  const options = page.getByRole("complementary", { name: "Chat Options" }).first();
  await options.getByLabel("Description").fill("Hike packing");
  const post = options.getByRole("button", { name: "Post Conversation" });
  await expect(post).toBeEnabled();

  // The next reply is held on its way, so it is still coming while the person looks.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/trpc\/chat\.send\b/, async (route) => {
    await held;
    await route.continue();
  });
  await sendMessage(page, "And for a rainy day?");
  await expect(options.getByText("A reply is still coming: the conversation can be posted once it has ended.")).toBeVisible();
  await expect(post).toBeDisabled();
  await expect(post).toHaveAccessibleDescription("A reply is still coming: the conversation can be posted once it has ended.");
  release();
  await replyDone(page);
  await expect(options.getByText("A reply is still coming: the conversation can be posted once it has ended.")).toHaveCount(0);
  await expect(post).toBeEnabled();
  await post.click();
  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 15_000 });
  await expect(page.getByText("And for a rainy day?", { exact: true })).toBeVisible();
  // Nothing was refused on the way.
  expect(dialogs).toEqual([]);
  await close();
});

test("the / picker's list, taller than its box, can be reached and used from the keyboard", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, alice);
  await page.goto("/chat");
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled({ timeout: 15_000 });
  await input(page).click();
  await page.keyboard.type("/");
  // Every prompt matches a bare '/': more than the list shows at once, so it scrolls.
  const picker = page.getByRole("listbox", { name: "Prompts" });
  await expect(picker).toBeVisible();
  expect(await picker.evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  // The list takes the focus; the arrow keys move there too and Enter picks.
  await picker.focus();
  await expect(picker).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const second = picker.getByRole("option").nth(1);
  await expect(second).toHaveAttribute("aria-selected", "true");
  await expect(picker).toHaveAttribute("aria-activedescendant", (await second.getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(picker).toHaveCount(0);
  await expect(page.getByLabel("Prompt")).not.toHaveValue("");
  await close();
});

test("untrusted markdown runs nothing and shows as text", async ({ browser, baseURL }) => {
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, alice);
  await page.goto("/chat");
  await page.getByRole("button", { name: "New Conversation" }).click();
  const corpus = [
    "<script>window.__xss = 1; alert(1)</script>",
    '<img src=x onerror="window.__xss = 2; alert(2)">',
    '<svg onload="window.__xss = 3; alert(3)"></svg>',
    "[click me](javascript:window.__xss=4)",
    "[data link](data:text/html,<script>alert(5)</script>)",
  ];
  // Only the messages on screen are in the page, so each one is checked as it arrives.
  for (const text of corpus) {
    await sendMessage(page, text);
    await replyDone(page);
    // Raw HTML shows as the text that was typed; markdown links render as links.
    if (text.startsWith("<")) await expect(sent(page, text)).toBeVisible();
    await expect(page.locator("article img, article svg[onload], article script")).toHaveCount(0);
  }
  await page.getByText("click me").first().click();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page.locator("article img, article svg[onload], article script")).toHaveCount(0);
  const hrefs = await page.locator("article a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.filter((href) => /^(javascript|data):/i.test(href))).toEqual([]);
  await close();
});

test("an image in a message loads from its site only after a click, without a referrer", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, alice);
  const requests: { url: string; referer: string | undefined }[] = [];
  // One transparent pixel stands in for the other site (https: the page's CSP allows no other).
  const pixel = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
  await page.route("https://images.example.test/**", async (route) => {
    requests.push({ url: route.request().url(), referer: (await route.request().allHeaders())["referer"] });
    await route.fulfill({ status: 200, contentType: "image/png", body: pixel });
  });
  await page.goto("/chat");
  await page.getByRole("button", { name: "New Conversation" }).click();
  await sendMessage(page, "Look ![a cat](https://images.example.test/cat.png)");
  await replyDone(page);
  const message = page.getByRole("article", { name: "You said" }).last();
  const load = message.getByRole("button", { name: "Load image from images.example.test" });
  await expect(load).toBeVisible();
  await expect(message.locator("img")).toHaveCount(0);
  // After a reload, opening the conversation still fetches nothing from the other site.
  await page.reload();
  await expect(page.getByRole("article", { name: "You said" }).last().getByRole("button", { name: "Load image from images.example.test" })).toBeVisible();
  expect(requests).toEqual([]);

  await page.getByRole("article", { name: "You said" }).last().getByRole("button", { name: "Load image from images.example.test" }).click();
  const image = page.getByRole("article", { name: "You said" }).last().getByRole("img", { name: "a cat" });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("referrerpolicy", "no-referrer");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  expect(requests).toEqual([{ url: "https://images.example.test/cat.png", referer: undefined }]);
  // Every picture on the page (avatars included) is fetched without a referrer.
  const policies = await page.locator("img").evaluateAll((images) => images.map((img) => img.getAttribute("referrerpolicy")));
  expect(policies.every((policy) => policy === "no-referrer")).toBe(true);
  await close();
});
