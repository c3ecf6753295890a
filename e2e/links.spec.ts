// Links under the owner's control in Chromium (issue 30): the owner of a post sets a password and
// an expiry on its public link; a browser without an account opens the link, is asked for the
// password, unlocks it and reads the post; the owner's Shared links page counts that view.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn } from "./support/accounts";

const WIDE = { width: 1400, height: 900 };

async function postConversation(page: Page, text: string, title: string) {
  await page.goto("/chat");
  await page.getByPlaceholder("Type your message here...").fill(text);
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled({ timeout: 15_000 });
  await page.getByPlaceholder("Type your message here...").press("Enter");
  await expect(page).toHaveURL(/sessionId=\d+/, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Description").fill(title);
  await page.getByRole("button", { name: "Post Conversation" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 15_000 });
}

test("a password and an expiry on a post's public link: a fresh browser unlocks it, and the Shared links page counts the view", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await createAccount(baseURL, newAccount("links"));
  const { page, close } = await openSignedIn(browser, baseURL, owner, WIDE);
  await postConversation(page, "How long do bees live?", "Bee lifespans");

  await page.getByRole("switch", { name: "Anyone with the link" }).click();
  const link = page.getByRole("textbox", { name: "Public link" });
  await expect(link).toHaveValue(/\/p\/[A-Za-z0-9_-]{24}$/);
  const publicUrl = await link.inputValue();
  const settings = page.getByRole("region", { name: "Link settings" });
  await settings.getByLabel("Expiry").selectOption("7d");
  await expect(settings.getByText(/^Expires /)).toBeVisible();
  await settings.getByLabel("Link password").fill("honey pot");
  await settings.getByRole("button", { name: "Set password" }).click();
  await expect(settings.getByText("A password is set.")).toBeVisible();

  await page.goto("/profile?tab=links");
  const row = page.getByRole("listitem", { name: "Post · public link: Bee lifespans" });
  await expect(row.getByTestId("link-views")).toHaveText("0 views");
  await expect(row.getByText("Active · Password")).toBeVisible();

  // A browser without an account: nothing of the post, not even in the preview tags, before the password.
  const context = await browser.newContext({ baseURL });
  const reader = await context.newPage();
  const response = await reader.goto(publicUrl);
  expect(response?.status()).toBe(403);
  await expect(reader.getByRole("heading", { name: "This link is protected" })).toBeVisible({ timeout: 15_000 });
  await expect(reader.locator('meta[property="og:title"]')).toHaveAttribute("content", "Protected link · Parley");
  await expect(reader.locator('meta[property="og:image"]')).toHaveCount(0);
  await expect(reader.getByText("How long do bees live?")).toHaveCount(0);
  await reader.getByLabel("Password").fill("wrong guess");
  await reader.getByRole("button", { name: "Unlock" }).click();
  await expect(reader.getByRole("alert")).toHaveText("That password is not right. Check it and try again.");
  await reader.getByLabel("Password").fill("honey pot");
  await reader.getByRole("button", { name: "Unlock" }).click();
  await expect(reader.getByRole("heading", { name: "Bee lifespans" })).toBeVisible();
  await expect(reader.getByText("How long do bees live?").first()).toBeVisible();
  // The unlock lasts the browser session: the page opens again without the password.
  await reader.reload();
  await expect(reader.getByRole("heading", { name: "Bee lifespans" })).toBeVisible({ timeout: 15_000 });
  await context.close();

  await page.reload();
  await expect(row.getByTestId("link-views")).toHaveText("1 view");
  await close();
});
