// Branches in Chromium: edit a message (a second version appears, '‹ 2/2 ›'), switch back,
// regenerate a reply with another model (the conversation is with the offline demo; the new reply
// comes from Claude, a local fake of Anthropic's service offered through the owner's own key),
// then share and post the edited branch, check that another user sees exactly that branch, fork
// it and go on.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

// Several sends per test, on a machine that may be busy.
test.describe.configure({ mode: "serial", timeout: 120_000 });

let alice: StorageState;
let bob: StorageState;
let shareLink = "";
let postPath = "";
test.beforeAll(async ({ browser }) => {
  const testInfo = test.info();
  test.setTimeout(120_000);
  const baseURL = testInfo.project.use.baseURL;
  alice = await createAccount(baseURL, newAccount("alice"));
  bob = await createAccount(baseURL, newAccount("bob"));
  // Alice's own Claude key offers Claude next to the demo model.
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, alice);
  await page.goto("/admin?tab=api");
  await page.getByLabel("Claude API Key", { exact: true }).fill("sk-ant-test-claude-00000branch");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect.poll(() => dialogs).toEqual(["API keys saved successfully!"]);
  await close();
});

const WIDE = { width: 1400, height: 900 };
const DEMO = "demo:parley-demo";
const CLAUDE = { id: "anthropic:claude-haiku-4-5", name: "Claude Haiku 4.5", reply: "Claude fake says hello." };
const ORIGINAL = "What should I bring?";
const EDITED = "What should I bring for four people?";
const input = (page: Page) => page.getByPlaceholder("Type your message here...");
/** A message the user sent (the demo model's reply quotes it, so replies are left out). */
const sent = (page: Page, text: string) => page.getByRole("article", { name: "You said" }).filter({ hasText: text });
/** A message of Alice's as another reader of her share sees it: under her name, not 'You'. */
const aliceSaid = (page: Page, text: string) => page.getByRole("article", { name: /^alice-.* said$/ }).filter({ hasText: text });
const replyDone = (page: Page) => expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
const versions = (page: Page) => page.getByRole("group", { name: "Versions of this message" });

async function sendMessage(page: Page, text: string) {
  await input(page).fill(text);
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
  await input(page).press("Enter");
  await replyDone(page);
}

test("the owner edits a message, switches between versions and regenerates a reply", async ({ browser, baseURL }) => {
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, alice, WIDE);
  await page.goto("/chat");
  // The conversation is with the demo model, which quotes each message in its reply.
  await page.getByLabel("Model", { exact: true }).selectOption(DEMO);
  await sendMessage(page, "Plan a picnic");
  await sendMessage(page, ORIGINAL);
  await expect(versions(page)).toHaveCount(0);

  // Escape cancels an edit; Shift+Enter adds a line; Enter sends the new version.
  await sent(page, ORIGINAL).getByRole("button", { name: "Edit message" }).click();
  const editor = page.getByRole("textbox", { name: "Edit your message" });
  await expect(editor).toHaveValue(ORIGINAL);
  await expectNoSeriousA11yViolations(page);
  await editor.press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(sent(page, ORIGINAL)).toBeVisible();

  await sent(page, ORIGINAL).getByRole("button", { name: "Edit message" }).click();
  await editor.fill("What should I bring");
  await editor.press("Shift+Enter");
  await expect(editor).toHaveValue("What should I bring\n");
  await editor.fill(EDITED);
  await editor.press("Enter");
  await replyDone(page);
  await expect(sent(page, EDITED)).toBeVisible();
  await expect(sent(page, ORIGINAL)).toHaveCount(0);
  await expect(versions(page)).toHaveText("‹2/2›");
  // The new reply answers the edited message.
  await expect(page.getByRole("article", { name: /said$/ }).last()).toContainText(EDITED);

  // Back to the first version: the old exchange and its reply are still there.
  await versions(page).getByRole("button", { name: "Previous version" }).click();
  await expect(sent(page, ORIGINAL)).toBeVisible();
  await expect(sent(page, EDITED)).toHaveCount(0);
  await expect(versions(page)).toHaveText("‹1/2›");
  await page.reload();
  await expect(sent(page, ORIGINAL)).toBeVisible({ timeout: 15_000 });

  // Regenerate the reply to the original message with another model: a third version of that
  // exchange, answered by Claude and named after it.
  const lastReply = page.getByRole("article", { name: /said$/ }).last();
  await expect(lastReply).toHaveAccessibleName("Parley Demo (offline) said");
  await lastReply.getByRole("button", { name: "Regenerate" }).click();
  await expect(page.getByLabel("Model for the new reply")).toHaveValue(DEMO);
  await page.getByLabel("Model for the new reply").selectOption(CLAUDE.id);
  await page.getByRole("button", { name: "Regenerate reply" }).click();
  await replyDone(page);
  await expect(versions(page)).toHaveText("‹3/3›");
  await expect(sent(page, ORIGINAL)).toBeVisible();
  const claudeReply = page.getByRole("article", { name: `${CLAUDE.name} said` });
  await expect(claudeReply).toHaveCount(1);
  await expect(claudeReply).toContainText(CLAUDE.reply);
  await expect(page.getByRole("article", { name: /said$/ }).last()).toHaveAccessibleName(`${CLAUDE.name} said`);
  // The demo's reply to the same message is still the first version.
  await versions(page).getByRole("button", { name: "Previous version" }).click();
  await expect(versions(page)).toHaveText("‹2/3›");
  await versions(page).getByRole("button", { name: "Previous version" }).click();
  await expect(versions(page)).toHaveText("‹1/3›");
  await expect(page.getByRole("article", { name: /said$/ }).last()).toHaveAccessibleName("Parley Demo (offline) said");
  await expect(page.getByRole("article", { name: /said$/ }).last()).toContainText(ORIGINAL);
  await versions(page).getByRole("button", { name: "Next version" }).click();
  await expect(versions(page)).toHaveText("‹2/3›");
  await versions(page).getByRole("button", { name: "Next version" }).click();
  await expect(versions(page)).toHaveText("‹3/3›");
  await page.reload();
  await expect(claudeReply).toContainText(CLAUDE.reply, { timeout: 15_000 });

  // The edited branch again, to share and post.
  await versions(page).getByRole("button", { name: "Previous version" }).click();
  await expect(versions(page)).toHaveText("‹2/3›");
  await expect(sent(page, EDITED)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Share Conversation" }).first().click();
  // The clipboard is the browser's, shared with earlier tests on this worker: read it only once
  // the alert says this share's link was written.
  await expect.poll(() => dialogs).toContain("Share link copied to clipboard! Anyone with this link can view this conversation.");
  shareLink = await page.evaluate(() => navigator.clipboard.readText());
  expect(shareLink).toMatch(/\/chat\/share\/\d+$/);
  await page.getByLabel("Description").fill("Picnic for four");
  await page.getByRole("button", { name: "Post Conversation" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 15_000 });
  postPath = new URL(page.url()).pathname;
  await close();
});

test("another user sees exactly the shared and posted branch, forks it and continues", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, bob, WIDE);
  await page.goto(postPath);
  await expect(page.getByText(EDITED).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(ORIGINAL)).toHaveCount(0);

  await page.goto(shareLink);
  await expect(page.getByRole("heading", { name: "Shared Chat (Read-only)" })).toBeVisible();
  await expect(aliceSaid(page, "Plan a picnic")).toBeVisible();
  await expect(aliceSaid(page, EDITED)).toBeVisible();
  await expect(page.getByText(ORIGINAL)).toHaveCount(0);
  // A reader gets no versions and no edit or regenerate.
  await expect(versions(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit message" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Regenerate" })).toHaveCount(0);

  await page.getByRole("button", { name: "Clone and Continue" }).first().click();
  await expect(page).toHaveURL(/\/chat\?sessionId=\d+$/, { timeout: 15_000 });
  await expect(page.getByText(/^Forked from alice-/)).toBeVisible();
  await expect(sent(page, EDITED)).toBeVisible();
  await expect(page.getByText(ORIGINAL)).toHaveCount(0);
  await sendMessage(page, "And drinks?");
  await expect(sent(page, "And drinks?")).toBeVisible();
  // The fork is one branch: no versions to switch between.
  await expect(versions(page)).toHaveCount(0);
  await close();
});
