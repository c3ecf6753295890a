// Plans and the subscribe badge in Chromium. The e2e servers run without Stripe settings, so the
// plans show with a plain notice; checkout itself is covered by the server's billing tests.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, signUpWithPopup } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

test("the badge shows the free allowance and the subscription tab shows both plans", async ({ browser, baseURL }) => {
  const state = await createAccount(baseURL, newAccount("plans"));
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
  const state = await createAccount(baseURL, newAccount("phone-plans"));
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

test("at a tablet width the bar shows the subscribe button", async ({ browser, baseURL }) => {
  const state = await createAccount(baseURL, newAccount("tablet-plans"));
  const context = await browser.newContext({ baseURL, storageState: state, viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  await page.goto("/chat");
  // No menu at this width: the button is in the bar itself.
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  const badge = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Free (500 tokens left)" });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page).toHaveURL(/\/admin\?tab=subscription/);
  await context.close();
});

test("right after a first sign-up the badge shows the free allowance without a reload", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/");
  await signUpWithPopup(page, newAccount("first-badge"));
  await expect(page).toHaveURL(/\/chat$/, { timeout: 15_000 });
  await expect(page.getByRole("link", { name: "Free (500 tokens left)" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole("link", { name: "Subscribe", exact: true })).toHaveCount(0);
  await context.close();
});

/**
 * Answers the subscription calls as a server with Stripe would for a Basic subscriber (the e2e
 * servers have no Stripe settings); every other call in the same batch goes through unchanged.
 */
async function asBasicSubscriber(page: Page) {
  await page.route(/\/trpc\/[^?]*subscription\.(config|current)/, async (route) => {
    const response = await route.fetch();
    const procedures = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/trpc\//, "")).split(",");
    const results = (await response.json()) as { result?: { data?: Record<string, unknown> } }[];
    procedures.forEach((procedure, index) => {
      const data = results[index]?.result?.data;
      if (!data) return;
      if (procedure === "subscription.config") Object.assign(data, { basicPrice: "price_basic", proPrice: "price_pro", enabled: true });
      if (procedure === "subscription.current") Object.assign(data, { plan: "basic", subscription_type: "BASE", tokens_left: 5000, max_tokens_allowed: 5000 });
    });
    await route.fulfill({ response, json: results });
  });
}

test("a Basic subscriber sees the current plan and Manage Subscription, not a second checkout", async ({ browser, baseURL }) => {
  const state = await createAccount(baseURL, newAccount("basic-plans"));
  const context = await browser.newContext({ baseURL, storageState: state, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await asBasicSubscriber(page);
  await page.goto("/admin?tab=subscription");
  const basic = page.getByRole("region", { name: "Basic plan" });
  const pro = page.getByRole("region", { name: "Pro plan" });
  await expect(basic.getByRole("button", { name: "Current plan" })).toBeDisabled();
  await expect(pro).toContainText("To switch to Pro, use Manage Subscription.");
  await expect(pro.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Choose / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Manage Subscription" })).toBeVisible();
  await context.close();
});
