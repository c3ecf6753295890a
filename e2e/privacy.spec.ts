// The privacy check in Chromium (issue 30): posting a conversation that holds a key and an e-mail
// address shows both, highlighted in their messages; the author redacts the key, and the post and
// its download hold the address and the marker, never the key.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { createAccount, newAccount, openSignedIn } from "./support/accounts";

const KEY = "sk-proj-Zq8vN2kP4xR7tY1wB5mC9dF3gH6jL0sA2eU4iO7";
const MAIL = "jane.doe@example.com";

test("the privacy check flags a key and an address before posting, and the redacted key leaves with neither the post nor its download", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const author = await createAccount(baseURL, newAccount("privacy"));
  const { page, close } = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await page.goto("/chat");
  await page.getByPlaceholder("Type your message here...").fill(`Deploy with ${KEY} and send the report to ${MAIL}`);
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled({ timeout: 15_000 });
  await page.getByPlaceholder("Type your message here...").press("Enter");
  await expect(page).toHaveURL(/sessionId=\d+/, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });

  await page.getByLabel("Description").fill("Deploy notes");
  await page.getByRole("button", { name: "Post Conversation" }).click();
  const check = page.getByRole("dialog", { name: "Privacy check" });
  await expect(check).toBeVisible();
  // The message and the demo model's reply, which repeats it: each holds both.
  const keys = check.getByRole("checkbox", { name: /^API key or token/ });
  const addresses = check.getByRole("checkbox", { name: /^E-mail address/ });
  await expect(keys).toHaveCount(2);
  await expect(addresses).toHaveCount(2);
  await expect(check.locator('mark[data-finding="api_key"]').first()).toHaveText(KEY);
  await expect(check.locator('mark[data-finding="email"]').first()).toHaveText(MAIL);
  for (const box of await keys.all()) await box.check();
  await expect(check.locator('mark[data-finding="api_key"]').first()).toHaveText("[redacted API key]");
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
