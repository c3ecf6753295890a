// Sign-in and accounts of issue 4 in Chromium, against the embedded OpenID provider: sign-up
// through the nav, account setup, log out, popup and redirect sign-in back to deep links, the
// blocked-popup fallback, a wrong password, the login-return errors, and the profile screen.
import { test as base, expect, type Page } from "@playwright/test";
import { MESSAGES } from "../packages/contracts/src";
import { createAccount, newAccount, PASSWORD, signUpWithPopup, type Account, type StorageState } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

/** Fills the provider's sign-in page, in a popup or in the page itself. */
async function signInOnProviderPage(page: Page, account: Account, password = PASSWORD) {
  await expect(page.getByRole("heading", { name: "Sign in to Parley" })).toBeVisible();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

const expectSignedIn = (page: Page) => expect(page.getByRole("button", { name: "Log Out" })).toBeVisible({ timeout: 15_000 });

/** One account per worker (signing up costs form posts the provider rate-limits), opened per test from its saved state. */
const test = base.extend<{ signedIn: Page }, { account: Account & { state: StorageState } }>({
  account: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's form for a fixture that needs no other fixture
    async ({}, use, workerInfo) => {
      const account = newAccount("member");
      const state = await createAccount(workerInfo.project.use.baseURL, account);
      await use({ ...account, state });
    },
    { scope: "worker" },
  ],
  signedIn: async ({ browser, baseURL, account }, use) => {
    const context = await browser.newContext({ baseURL, storageState: account.state });
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

test.describe("signing up and out", () => {
  test("Sign Up in the nav creates an account, sets it up, opens the chat; Log Out signs out", async ({ page }) => {
    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto("/");
    await signUpWithPopup(page, newAccount("signup"));

    await expect(page).toHaveURL(/\/chat$/, { timeout: 15_000 });
    expect(visited).toContain("/newUser");
    await expectSignedIn(page);
    const tabs = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Discover", "Chat", "Admin"]) await expect(tabs.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Up" })).toHaveCount(0);

    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page.getByRole("heading", { name: "Sign out of Parley?" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("oidc.user:")))).toEqual([]);
  });
});

test.describe("signing in", () => {
  test("Log In opens a popup and keeps the visitor on their page, query included; other tabs follow", async ({ page, account }) => {
    const otherTab = await page.context().newPage();
    await otherTab.goto("/");
    await expect(otherTab.getByRole("button", { name: "Log In" })).toBeVisible();
    await page.goto("/public?from=newsletter");
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Log In" }).click();
    const popup = await popupOpened;
    await expect(page.getByText("Finish signing in in the pop-up window…")).toBeVisible();
    const closed = popup.waitForEvent("close");
    await signInOnProviderPage(popup, account);
    await closed;

    await expectSignedIn(page);
    await expect(page).toHaveURL(/\/public\?from=newsletter$/);
    await expectSignedIn(otherTab);
    // The access token reaches the API: the protected message loads.
    await page.getByRole("link", { name: "Admin" }).click();
    await expect(page.getByRole("tab", { name: "User Profile" })).toHaveAttribute("aria-selected", "true");
    await page.goto("/protected");
    await expect(page.getByRole("main")).toContainText(MESSAGES.protectedDemo);
  });

  test("an anonymous visit to a protected deep link signs in and comes back to it", async ({ page, account }) => {
    await page.goto("/protected?from=bookmark");
    await expect(page).toHaveURL(/\/oidc\//, { timeout: 15_000 });
    await signInOnProviderPage(page, account);
    await expect(page).toHaveURL(/\/protected\?from=bookmark$/, { timeout: 15_000 });
    await expect(page.getByRole("main")).toContainText(MESSAGES.protectedDemo);
    await expectSignedIn(page);
  });

  test("an anonymous visit to /chat goes to sign-in and comes back to /chat", async ({ page, account }) => {
    await page.goto("/chat");
    await expect(page.getByRole("heading", { name: "Sign in to Parley" })).toBeVisible({ timeout: 15_000 });
    await signInOnProviderPage(page, account);
    await expect(page).toHaveURL(/\/chat$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Chat" })).toBeVisible();
  });

  test("a blocked popup falls back to the full-page sign-in with a notice", async ({ page, account }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto("/public");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Your browser blocked the sign-in window")).toBeVisible();
    await signInOnProviderPage(page, account);
    await expect(page).toHaveURL(/\/public$/, { timeout: 15_000 });
    await expectSignedIn(page);
  });

  test("a wrong password is refused; closing the popup leaves the visitor signed out", async ({ page, account }) => {
    await page.goto("/");
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Log In" }).click();
    const popup = await popupOpened;
    await signInOnProviderPage(popup, account, "not-the-password");
    await expect(popup.getByText("Invalid email or password")).toBeVisible();
    await popup.close();
    await expect(page.getByText("The sign-in window was closed before sign-in finished.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  });

  test("Cancel stops waiting for the popup and closes it", async ({ page }) => {
    await page.goto("/");
    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Log In" }).click();
    const popup = await popupOpened;
    const closed = popup.waitForEvent("close");
    await page.getByRole("button", { name: "Cancel" }).click();
    await closed;
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  });
});

test.describe("login return errors", () => {
  test("/callback without parameters shows the Error page", async ({ page }) => {
    await page.goto("/callback");
    await expect(page.getByRole("heading", { name: "Error" })).toBeVisible();
    await expect(page.getByText("There are no query params available for parsing.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  });

  test("/callback with a state nobody started says 'Invalid state'", async ({ page }) => {
    await page.goto("/callback?code=forged&state=unknown");
    await expect(page.getByRole("heading", { name: "Error" })).toBeVisible();
    await expect(page.getByText("Invalid state", { exact: true })).toBeVisible();
  });
});

test.describe("profile screen", () => {
  test("the nickname is saved once changed, and survives a reload", async ({ signedIn: page, account }) => {
    await page.goto("/profile");
    await expect(page.getByRole("tab", { name: "User Profile" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(account.name);
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    await expect(page.getByLabel("Profile ID")).not.toHaveValue("");
    await expect(page.getByText(/^(Verified|Not Verified)$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

    const nickname = `ada-${Date.now()}`;
    await page.getByLabel("Nickname").fill(nickname);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile saved.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

    await page.reload();
    await expect(page.getByLabel("Nickname")).toHaveValue(nickname);
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  });

  test("provider keys are saved, shown masked after a reload, and can be removed", async ({ signedIn: page, account }) => {
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.goto("/admin?tab=api");
    await expect(page.getByRole("tab", { name: "API Keys" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByLabel("User ID")).not.toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue(account.email);

    const openai = page.getByLabel("OpenAI API Key", { exact: true });
    await expect(openai).toHaveAttribute("type", "password");
    await openai.fill("sk-test-openai-0000000000wxyz");
    await page.getByRole("button", { name: "Show OpenAI API Key" }).click();
    await expect(openai).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide OpenAI API Key" }).click();
    await expect(openai).toHaveAttribute("type", "password");
    await page.getByLabel("Claude API Key", { exact: true }).fill("sk-ant-test-claude-00000000abcd");

    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => alerts).toEqual(["API keys saved successfully!"]);
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

    await page.reload();
    await expect(page.getByText("Saved key: ••••wxyz.")).toBeVisible();
    await expect(page.getByText("Saved key: ••••abcd.")).toBeVisible();
    // The stored key never comes back to the browser.
    await expect(openai).toHaveValue("");
    expect(await page.content()).not.toContain("sk-test-openai");

    await page.getByRole("button", { name: "Remove Claude API Key" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect.poll(() => alerts).toEqual(["API keys saved successfully!", "API keys saved successfully!"]);
    await page.reload();
    await expect(page.getByText("Saved key: ••••wxyz.")).toBeVisible();
    await expect(page.getByText("No key saved.")).toBeVisible();
  });

  test("at 375 px the menu offers the signed-in tabs and closes on a tab", async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/protected");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    for (const name of ["Discover", "Chat", "Admin"]) await expect(menu.getByRole("link", { name })).toBeInViewport();
    await expect(menu.getByRole("button", { name: "Log Out" })).toBeInViewport();
    await menu.getByRole("link", { name: "Admin" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("tab", { name: "User Profile" })).toHaveAttribute("aria-selected", "true");
  });

  test("a checkout return (session_id) opens the subscription tab", async ({ signedIn: page }) => {
    await page.goto("/admin?tab=profile&session_id=cs_test_return");
    await expect(page.getByRole("tab", { name: "Subscription" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "Subscription Plans" })).toBeVisible();
  });

  test("/admin is the same screen as /profile: the same tabs, Shared links among them", async ({ signedIn: page }) => {
    const tabs = ["User Profile", "API Keys", "Subscription", "Shared links"];
    for (const path of ["/profile", "/admin"]) {
      await page.goto(path);
      await expect(page.getByRole("tab", { name: "User Profile" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tablist", { name: "Account" }).getByRole("tab")).toHaveText(tabs);
    }
    // Opened from the nav's Admin tab, Shared links shows the person's links.
    await page.getByRole("tab", { name: "Shared links" }).click();
    await expect(page).toHaveURL(/\/admin\?tab=links$/);
    await expect(page.getByRole("heading", { name: "Shared links" })).toBeVisible();
    await page.goto("/admin?tab=links");
    await expect(page.getByRole("tab", { name: "Shared links" })).toHaveAttribute("aria-selected", "true");
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`profile tabs have no serious accessibility violations in ${colorScheme} mode`, async ({ signedIn: page }) => {
      await page.emulateMedia({ colorScheme });
      for (const tab of ["User Profile", "API Keys", "Subscription"]) {
        await page.goto("/profile");
        await page.getByRole("tab", { name: tab }).click();
        await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
        await expectNoSeriousA11yViolations(page);
      }
    });
  }
});
