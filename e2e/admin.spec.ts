// Moderation and the admin console in Chromium: a reader reports a post, the admin (named by
// ADMIN_EMAILS in e2e/support/serve.mjs) finds it in the queue and hides it, it leaves Discover
// for everyone else while its author sees it marked, and the admin restores it. A shared
// conversation and a comment on a prompt are reported and hidden the same way. The console's
// usage chart counts the send this spec made.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { signInAdmin } from "./support/admin";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";

// Each test goes through several people's pages in turn.
test.describe.configure({ mode: "serial", timeout: 180_000 });

let author: StorageState;
let reader: StorageState;
let moderator: StorageState;
let postPath = "";
const description = `Tide pools at dawn ${Date.now()}`;

test.beforeAll(async () => {
  const testInfo = test.info();
  // Three sign-ups through the provider's sign-up page.
  testInfo.setTimeout(150_000);
  const baseURL = testInfo.project.use.baseURL;
  author = await createAccount(baseURL, newAccount("writer"));
  reader = await createAccount(baseURL, newAccount("reader"));
  moderator = await signInAdmin(baseURL);
});

const card = (page: Page) => page.getByRole("article").filter({ hasText: description });

test("the author posts a conversation; a reader reports it", async ({ browser, baseURL }) => {
  const writer = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await writer.page.goto("/chat");
  await writer.page.getByPlaceholder("Type your message here...").fill("What lives in a tide pool?");
  await expect(writer.page.getByRole("button", { name: "Send message" })).toBeEnabled();
  await writer.page.getByPlaceholder("Type your message here...").press("Enter");
  await expect(writer.page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  await writer.page.getByLabel("Description").fill(description);
  await writer.page.getByRole("button", { name: "Post Conversation" }).click();
  await expect(writer.page).toHaveURL(/\/post\/\d+$/, { timeout: 15_000 });
  postPath = new URL(writer.page.url()).pathname;
  // Nobody reports their own post.
  await expect(card(writer.page).getByRole("button", { name: "Report" })).toHaveCount(0);
  await writer.close();

  const { page, close } = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  await page.goto("/discover");
  await expect(card(page)).toBeVisible();
  await card(page).getByRole("button", { name: "Report" }).click();
  const dialog = page.getByRole("dialog", { name: "Report this post" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Send report" })).toBeDisabled();
  await dialog.getByRole("radio", { name: "Spam or advertising" }).check();
  await dialog.getByLabel("Anything a moderator should know? (optional)").fill("Selling shells in every comment");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Thanks: a moderator will look at it.");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // The console is not there for them: no admin tabs on /admin.
  await page.goto("/admin");
  await expect(page.getByRole("tab", { name: "User Profile" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Moderation" })).toHaveCount(0);
  await close();
});

test("the admin sees the report in the queue and hides the post; it leaves Discover, its author sees it marked", async ({ browser, baseURL }) => {
  const admin = await openSignedIn(browser, baseURL, moderator, { width: 1400, height: 900 });
  await admin.page.goto("/admin");
  await admin.page.getByRole("tab", { name: "Moderation" }).click();
  await expect(admin.page).toHaveURL(/\/admin\?tab=moderation$/);
  const item = admin.page.getByRole("article").filter({ hasText: description });
  await expect(item).toBeVisible();
  await expect(item).toContainText("1 report: Spam or advertising (1)");
  await expect(item).toContainText("Selling shells in every comment");
  await expectNoSeriousA11yViolations(admin.page);
  await item.getByRole("button", { name: "Hide" }).click();
  await expect(item).toHaveCount(0);

  const { page, close } = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  await page.goto("/discover");
  await expect(page.getByRole("heading", { name: "Discover" })).toBeVisible();
  // The feed has loaded (other posts, or none at all) and this one is not in it.
  await expect(page.getByText("No timeline items to display").or(page.getByRole("article").first())).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  await page.goto(postPath);
  await expect(page.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
  await close();

  const writer = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await writer.page.goto(postPath);
  await expect(card(writer.page)).toContainText("Hidden by a moderator");
  await writer.close();

  // The admin opens it from the Hidden list and reads it, marked.
  await admin.page.getByRole("button", { name: "Hidden", exact: true }).click();
  const hidden = admin.page.getByRole("article").filter({ hasText: description });
  await hidden.getByRole("link", { name: /^Open post \d+$/ }).click();
  await expect(admin.page).toHaveURL(new RegExp(`${postPath}$`));
  await expect(card(admin.page)).toContainText("Hidden by a moderator");
  await expect(admin.page.getByText("What lives in a tide pool?", { exact: true })).toBeVisible();
  await expect(admin.page.getByRole("heading", { name: "Post Not Found" })).toHaveCount(0);
  await admin.page.goBack();

  // Restored from the Hidden list, it is back for everyone.
  await admin.page.getByRole("button", { name: "Hidden", exact: true }).click();
  await hidden.getByRole("button", { name: "Restore" }).click();
  await expect(hidden).toHaveCount(0);
  const again = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  await again.page.goto("/discover");
  await expect(card(again.page)).toBeVisible();
  await expect(card(again.page)).not.toContainText("Hidden by a moderator");
  await again.close();
  await admin.close();
});

test("a reader reports a shared conversation; the admin hides it from the queue and its share leads nowhere", async ({ browser, baseURL }) => {
  const question = `Where do puffins nest? ${Date.now()}`;
  const writer = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await writer.page.goto("/chat");
  await writer.page.getByPlaceholder("Type your message here...").fill(question);
  await expect(writer.page.getByRole("button", { name: "Send message" })).toBeEnabled();
  await writer.page.getByPlaceholder("Type your message here...").press("Enter");
  await expect(writer.page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  await expect(writer.page).toHaveURL(/sessionId=\d+/);
  const sessionId = new URL(writer.page.url()).searchParams.get("sessionId");
  await writer.page.getByRole("button", { name: "Share Conversation" }).first().click();
  await expect.poll(() => writer.dialogs).toContain("Share link copied to clipboard! Anyone with this link can view this conversation.");
  await writer.close();

  const { page, close } = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  await page.goto(`/chat/share/${sessionId}`);
  await expect(page.getByRole("heading", { name: "Shared Chat (Read-only)" })).toBeVisible();
  await page.getByRole("complementary", { name: "Chat Options" }).getByRole("button", { name: "Report", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Report this conversation" });
  await dialog.getByRole("radio", { name: "Harassment or hate" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Thanks: a moderator will look at it.");
  await dialog.getByRole("button", { name: "Close" }).click();

  const admin = await openSignedIn(browser, baseURL, moderator, { width: 1400, height: 900 });
  await admin.page.goto("/admin?tab=moderation");
  const item = admin.page.getByRole("article").filter({ hasText: question });
  await expect(item).toBeVisible();
  await expect(item.getByRole("heading", { name: /^Conversation by / })).toBeVisible();
  await expect(item).toContainText("1 report: Harassment or hate (1)");
  await item.getByRole("button", { name: "Hide" }).click();
  await expect(item).toHaveCount(0);
  await admin.close();

  await page.reload();
  await expect(page.getByText(question)).toHaveCount(0);
  await close();
});

test("a reader reports a comment on a prompt; the admin hides it from the queue and it leaves the prompt's page", async ({ browser, baseURL }) => {
  const remark = `Buy cheap puffin feathers ${Date.now()}`;
  const writer = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await writer.page.goto("/prompts");
  const made = await api(writer.page, "POST", "/prompts", { name: `Puffin facts ${Date.now()}`, text: "Tell me three facts about puffins." });
  expect(made.status).toBe(200);
  const promptId = made.body.id as number;
  expect((await api(writer.page, "PUT", `/prompts/${promptId}/visibility`, { visibility: "public" })).status).toBe(200);
  expect((await api(writer.page, "POST", `/prompts/${promptId}/comments`, { text: remark })).status).toBe(200);
  await writer.close();

  const { page, close } = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  await page.goto(`/prompt/${promptId}`);
  const comments = page.getByRole("list", { name: "Comments" });
  const comment = comments.getByRole("listitem").filter({ hasText: remark });
  await expect(comment).toBeVisible();
  await expect(page.getByRole("list", { name: "Counts" })).toContainText("1 comment");
  await comment.getByRole("button", { name: /^Report comment by / }).click();
  const dialog = page.getByRole("dialog", { name: "Report this comment" });
  await dialog.getByRole("radio", { name: "Spam or advertising" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Thanks: a moderator will look at it.");
  await dialog.getByRole("button", { name: "Close" }).click();

  const admin = await openSignedIn(browser, baseURL, moderator, { width: 1400, height: 900 });
  await admin.page.goto("/admin?tab=moderation");
  const item = admin.page.getByRole("article").filter({ hasText: remark });
  await expect(item).toBeVisible();
  await expect(item.getByRole("heading", { name: /^Comment on a prompt by / })).toBeVisible();
  await expect(item.getByRole("link", { name: `Open prompt ${promptId}` })).toHaveAttribute("href", `/prompt/${promptId}`);
  await expect(item).toContainText("1 report: Spam or advertising (1)");
  await item.getByRole("button", { name: "Hide" }).click();
  await expect(item).toHaveCount(0);
  await admin.close();

  await page.reload();
  await expect(page.getByRole("list", { name: "Counts" })).toContainText("0 comments");
  await expect(page.getByText(remark)).toHaveCount(0);
  await close();
});

test("the profile says whether an address is verified: the moderator's is, through the operator's link; the reader's is not", async ({ browser, baseURL }) => {
  const mo = await openSignedIn(browser, baseURL, moderator);
  await mo.page.goto("/profile");
  await expect(mo.page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(mo.page.getByText("Not Verified", { exact: true })).toHaveCount(0);
  await mo.close();
  const other = await openSignedIn(browser, baseURL, reader);
  await other.page.goto("/profile");
  await expect(other.page.getByText("Not Verified", { exact: true })).toBeVisible();
  await other.close();
});

test("the admin console lists people and charts usage, including this spec's send", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, moderator, { width: 1400, height: 900 });
  await page.goto("/admin?tab=users");
  await expect(page.getByRole("tab", { name: "Users", selected: true })).toBeVisible();
  await page.getByLabel("Search people").fill("writer-");
  await expect(page.getByRole("row").filter({ hasText: "writer-" }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("tab", { name: "Usage" }).click();
  const chart = page.getByRole("img", { name: /^Chart of tokens by day and model\./ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute("aria-label", /tokens from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d across [1-9]/);
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.locator(`svg g[data-day="${today}"] rect`).first()).toBeVisible();
  const byModel = page.getByRole("table", { name: "By model" });
  await expect(byModel.getByRole("row", { name: /Parley Demo/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await close();
});
