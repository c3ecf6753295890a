// The privacy check in Chromium (issue 30): posting a conversation that holds a key and an e-mail
// address shows both, highlighted in their messages; the author redacts the key, and the post and
// its download hold the address and the marker, never the key. Refreshing a share's snapshot
// checks what was added since. While an admin makes the check blocking, nothing leaves until
// everything found is redacted, and the check says what is left.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn } from "./support/accounts";
import { signInAdmin } from "./support/admin";
import { api } from "./support/api";

const KEY = "sk-proj-Zq8vN2kP4xR7tY1wB5mC9dF3gH6jL0sA2eU4iO7";
const MAIL = "jane.doe@example.com";

/** Sends `text` in the conversation open on `page` (a new one from /chat) and waits for the reply. */
async function send(page: Page, text: string) {
  await page.getByPlaceholder("Type your message here...").fill(text);
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled({ timeout: 15_000 });
  await page.getByPlaceholder("Type your message here...").press("Enter");
  await expect(page).toHaveURL(/sessionId=\d+/, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
}

test("the privacy check flags a key and an address before posting, and the redacted key leaves with neither the post nor its download", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const author = await createAccount(baseURL, newAccount("privacy"));
  const { page, close } = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await page.goto("/chat");
  await send(page, `Deploy with ${KEY} and send the report to ${MAIL}`);

  await page.getByLabel("Description").fill("Deploy notes");
  await page.getByRole("button", { name: "Post Conversation" }).click();
  const check = page.getByRole("dialog", { name: "Privacy check" });
  await expect(check).toBeVisible();
  // The message and the demo model's reply, which repeats it: each holds both.
  const keys = check.getByRole("checkbox", { name: /^API key or token/ });
  const addresses = check.getByRole("checkbox", { name: /^E-mail address/ });
  await expect(keys).toHaveCount(2);
  await expect(addresses).toHaveCount(2);
  // The keys show as their markers, the addresses as written.
  await expect(check.locator('mark[data-finding="api_key"]').first()).toHaveText("[redacted API key]");
  await expect(check.locator('mark[data-finding="email"]').first()).toHaveText(MAIL);
  // Ticked to start with; the addresses are not, until 'Redact all' ticks every finding, and unticked again.
  for (const box of await keys.all()) await expect(box).toBeChecked();
  await check.getByRole("button", { name: "Redact all" }).click();
  await expect(check.getByRole("button", { name: "Redact 4 and continue" })).toBeEnabled();
  for (const box of await addresses.all()) await box.uncheck();
  await check.getByRole("button", { name: "Redact 2 and continue" }).click();

  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 15_000 });
  await expect(page.getByText(`Deploy with [redacted API key] and send the report to ${MAIL}`).first()).toBeVisible();
  await expect(page.getByText(KEY)).toHaveCount(0);

  const downloading = page.waitForEvent("download");
  await page.getByRole("group", { name: "Download" }).getByRole("button", { name: "Markdown" }).click();
  const markdown = readFileSync((await (await downloading).path())!, "utf8");
  expect(markdown).toContain(MAIL);
  expect(markdown).toContain("[redacted API key]");
  expect(markdown).not.toContain(KEY);
  await close();
});

test("the check ticks keys and secrets for redaction and makes redacting the main button; addresses are left to the author", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const author = await createAccount(baseURL, newAccount("defaults"));
  const { page, close } = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await page.goto("/chat");
  await send(page, `Deploy with ${KEY} and send the report to ${MAIL}`);
  const sessionId = new URL(page.url()).searchParams.get("sessionId");
  await page.getByRole("button", { name: "Share Conversation" }).first().click();
  const check = page.getByRole("dialog", { name: "Privacy check" });
  await expect(check).toBeVisible();
  // The message, the demo model's reply (which repeats it) and the title made from the message:
  // every key ticked, every address not.
  const keys = check.getByRole("checkbox", { name: /^API key or token/ });
  const addresses = check.getByRole("checkbox", { name: /^E-mail address/ });
  await expect(keys).toHaveCount(3);
  await expect(addresses).not.toHaveCount(0);
  for (const box of await keys.all()) await expect(box).toBeChecked();
  for (const box of await addresses.all()) await expect(box).not.toBeChecked();
  await expect(check.locator('mark[data-finding="api_key"]').first()).toHaveText("[redacted API key]");
  await expect(check.locator('mark[data-finding="email"]').first()).toHaveText(MAIL);
  // The main button, focused as the dialog opens, redacts; going ahead without is the other choice.
  const redact = check.getByRole("button", { name: "Redact 3 and continue" });
  await expect(redact).toBeFocused();
  await expect(check.getByRole("button", { name: "Continue without redacting" })).toBeEnabled();
  // Unticked, nothing is redacted: the main button says so and waits for a tick.
  for (const box of await keys.all()) await box.uncheck();
  await expect(check.getByRole("button", { name: "Redact 0 and continue" })).toBeDisabled();
  for (const box of await keys.all()) await box.check();
  await redact.press("Enter");
  await expect(check).toBeHidden();

  // Someone else opening the share reads the markers (the owner's own list of conversations still
  // names the conversation as written).
  const reader = await openSignedIn(browser, baseURL, await createAccount(baseURL, newAccount("reader")), { width: 1400, height: 900 });
  await reader.page.goto(`/chat/share/${sessionId}`);
  await expect(reader.page.getByText(`Deploy with [redacted API key] and send the report to ${MAIL}`).first()).toBeVisible({ timeout: 15_000 });
  await expect(reader.page.getByText(KEY)).toHaveCount(0);
  await reader.close();
  await close();
});

test("refreshing a share's snapshot checks what was added since: the new key is flagged and redacted in the share; the share's expiry is set from the chat screen", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await createAccount(baseURL, newAccount("refresh"));
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, owner, { width: 1400, height: 900 });
  await page.goto("/chat");
  await send(page, "How long do I proof bread dough?");
  const sessionId = new URL(page.url()).searchParams.get("sessionId");
  // Nothing to find: it is shared at once.
  await page.getByRole("button", { name: "Share Conversation" }).first().click();
  await expect.poll(() => dialogs.some((message) => message.startsWith("Share link copied"))).toBe(true);
  // The share's controls, beside 'Stop sharing'.
  const shareSettings = page.getByRole("region", { name: "Share settings" }).first();
  await shareSettings.getByLabel("Expiry").selectOption("7d");
  await expect(shareSettings.getByText(/^Expires /)).toBeVisible();

  await send(page, `Keep ${KEY} safe`);
  // The demo model's reply, which repeats the message, is stored in full.
  await expect
    .poll(async () => ((await api(page, "GET", `/privacy/scan/share_refresh/${sessionId}`)).body.findings as unknown[]).length, { timeout: 20_000 })
    .toBe(2);
  await page.goto("/profile?tab=links");
  const row = page.getByRole("listitem").filter({ has: page.getByText("Conversation · share", { exact: true }) });
  await expect(row.getByText("Never")).toHaveCount(0, { timeout: 15_000 });
  await row.getByRole("button", { name: "Refresh to the conversation as it is now" }).click();
  const check = page.getByRole("dialog", { name: "Privacy check" });
  await expect(check).toBeVisible();
  // Both keys are ticked to start with, so there is nothing left for 'Redact all' to tick.
  await expect(check.getByRole("checkbox", { name: /^API key or token/ })).toHaveCount(2);
  await expect(check.getByRole("button", { name: "Redact all" })).toBeDisabled();
  await check.getByRole("button", { name: "Redact 2 and continue" }).click();
  await expect(check).toBeHidden();

  await page.goto(`/chat/share/${sessionId}`);
  await expect(page.getByText("Keep [redacted API key] safe").first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(KEY)).toHaveCount(0);
  await close();
});

test("while an admin makes the check blocking, a conversation holding a key does not leave until the key is redacted, and the check says what is left", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await openSignedIn(browser, baseURL, await signInAdmin(baseURL), { width: 1400, height: 900 });
  const author = await openSignedIn(browser, baseURL, await createAccount(baseURL, newAccount("blocked")), { width: 1400, height: 900 });
  await admin.page.goto("/admin");
  await admin.page.getByRole("tab", { name: "Privacy" }).click();
  const blocking = admin.page.getByRole("switch", { name: /Block what the privacy check finds/ });
  try {
    // The switch follows the saved setting: clicked, then checked once saved.
    await expect(blocking).toBeEnabled();
    if (!(await blocking.isChecked())) await blocking.click();
    await expect(blocking).toBeChecked();
    const { page } = author;
    await page.goto("/chat");
    await send(page, `Rotate ${KEY} tonight`);
    await page.getByLabel("Description").fill("Rotation notes");
    await page.getByRole("button", { name: "Post Conversation" }).click();
    const check = page.getByRole("dialog", { name: "Privacy check" });
    await expect(check).toBeVisible();
    await expect(check.getByText("On this Parley everything the check finds must be redacted before it leaves.")).toBeVisible();
    // The message and the demo model's reply, which repeats it, both hold the key: ticked to start
    // with, and going ahead without redacting is refused.
    await expect(check.getByRole("button", { name: "Continue without redacting" })).toBeDisabled();
    const keys = check.getByRole("checkbox", { name: /^API key or token/ });
    const left = check.getByRole("status");
    await expect(left).toHaveCount(0);
    await keys.first().uncheck();
    await keys.nth(1).uncheck();
    await expect(left).toHaveText("Still to redact: API key or token in message 1; API key or token in message 2.");
    await keys.first().check();
    await expect(left).toHaveText("Still to redact: API key or token in message 2.");
    await expect(check.getByRole("button", { name: "Redact 1 and continue" })).toBeDisabled();
    await keys.nth(1).check();
    await expect(left).toHaveCount(0);
    await check.getByRole("button", { name: "Redact 2 and continue" }).click();

    await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 15_000 });
    await expect(page.getByText("Rotate [redacted API key] tonight").first()).toBeVisible();
    await expect(page.getByText(KEY)).toHaveCount(0);
  } finally {
    if (await blocking.isChecked()) await blocking.click();
    await expect(blocking).not.toBeChecked();
    await admin.close();
    await author.close();
  }
});
