// Links under the owner's control in Chromium (issue 30): the owner of a post sets a password and
// an expiry on its public link; a browser without an account opens the link, is asked for the
// password, unlocks it and reads the post; the owner's Shared links page counts that view. The
// same for a conversation's share, read by another signed-in person (the owner's read not counted).
import { expect, test } from "@playwright/test";
import { createAccount, newAccount, openSignedIn } from "./support/accounts";
import { postConversation } from "./support/posting";

const WIDE = { width: 1400, height: 900 };

test("a password and an expiry on a post's public link: a fresh browser unlocks it, and the Shared links page counts the view", async ({
  browser,
  baseURL,
}) => {
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

test("a password on a conversation's share: another signed-in reader is asked for it, unlocks it and reads the share; the Shared links page counts that view, not the owner's", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await createAccount(baseURL, newAccount("share-owner"));
  const readerAccount = await createAccount(baseURL, newAccount("share-reader"));
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, owner, WIDE);
  await page.goto("/chat");
  await page.getByPlaceholder("Type your message here...").fill("Which herbs grow in shade?");
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled({ timeout: 15_000 });
  await page.getByPlaceholder("Type your message here...").press("Enter");
  await expect(page).toHaveURL(/sessionId=\d+/, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  const sessionId = new URL(page.url()).searchParams.get("sessionId");
  await page.getByRole("button", { name: "Share Conversation" }).first().click();
  await expect.poll(() => dialogs.some((message) => message.startsWith("Share link copied"))).toBe(true);

  await page.goto("/profile?tab=links");
  const row = page.getByRole("listitem").filter({ has: page.getByText("Conversation · share", { exact: true }) });
  await expect(row.getByTestId("link-views")).toHaveText("0 views", { timeout: 15_000 });
  await row.getByRole("button", { name: "Expiry, password, limit" }).click();
  const settings = row.getByRole("region", { name: "Link settings" });
  await settings.getByLabel("Link password").fill("basil mint");
  await settings.getByRole("button", { name: "Set password" }).click();
  await expect(settings.getByText("A password is set.")).toBeVisible();
  await expect(row.getByText("Active · Password")).toBeVisible();

  // The owner reading their own share meets the password too, and is not counted.
  await page.goto(`/chat/share/${sessionId}`);
  await expect(page.getByRole("heading", { name: "This link is protected" })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel("Password").fill("basil mint");
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByText("Which herbs grow in shade?").first()).toBeVisible({ timeout: 15_000 });

  const reader = await openSignedIn(browser, baseURL, readerAccount, WIDE);
  await reader.page.goto(`/chat/share/${sessionId}`);
  await expect(reader.page.getByRole("heading", { name: "This link is protected" })).toBeVisible({ timeout: 15_000 });
  await expect(reader.page.getByText("Which herbs grow in shade?")).toHaveCount(0);
  await reader.page.getByLabel("Password").fill("parsley");
  await reader.page.getByRole("button", { name: "Unlock" }).click();
  await expect(reader.page.getByRole("alert")).toHaveText("That password is not right. Check it and try again.");
  await reader.page.getByLabel("Password").fill("basil mint");
  await reader.page.getByRole("button", { name: "Unlock" }).click();
  await expect(reader.page.getByRole("heading", { name: "Shared Chat (Read-only)" })).toBeVisible({ timeout: 15_000 });
  await expect(reader.page.getByText("Which herbs grow in shade?").first()).toBeVisible();
  await reader.close();

  await page.goto("/profile?tab=links");
  await expect(row.getByTestId("link-views")).toHaveText("1 view", { timeout: 15_000 });
  await close();
});
