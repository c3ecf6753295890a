// Plans and the subscribe badge in Chromium. The e2e servers run without Stripe settings, so the
// plans show with a plain notice; checkout itself is covered by the server's billing tests.
import { expect, test } from "@playwright/test";
import { createAccount, newAccount } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

test("the badge shows the free allowance and the subscription tab shows both plans", async ({ browser, baseURL }) => {
  const state = await createAccount(browser, baseURL, newAccount("plans"));
  const context = await browser.newContext({ baseURL, storageState: state, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/chat");
  const badge = page.getByRole("link", { name: "Free (500 tokens left)" });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page).toHaveURL(/\/admin\?tab=subscription/);
  await expect(page.getByRole("heading", { name: "Subscription Plans" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Basic plan" })).toContainText("$9/month");
  await expect(page.getByRole("region", { name: "Pro plan" })).toContainText("Popular");
  await expect(page.getByRole("region", { name: "Pro plan" })).toContainText("300,000 tokens per month");
  await expect(page.getByText("Payments are not configured on this server.")).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem("subscriptionInfo"))).toBe(JSON.stringify({ isSubscribed: false, plan: "Free (500 tokens left)" }));
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test("on a phone the badge is in the menu and opens the subscription tab", async ({ browser, baseURL }) => {
  const state = await createAccount(browser, baseURL, newAccount("phone-plans"));
  const context = await browser.newContext({ baseURL, storageState: state, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/chat");
  await expect(page.getByRole("link", { name: "Free (500 tokens left)" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const badge = page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Free (500 tokens left)" });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page).toHaveURL(/\/admin\?tab=subscription/);
  await expect(page.getByRole("heading", { name: "Subscription Plans" })).toBeVisible();
  await context.close();
});
