// Accounts for browser tests, created through the embedded provider's real sign-up pages.
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

export const PASSWORD = "correct horse battery staple";
export type Account = { name: string; email: string };
export type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

let sequence = 0;
/** A fresh address per call: both database projects and repeated runs get new accounts. */
export function newAccount(tag: string): Account {
  sequence += 1;
  return { name: `Ada ${tag}`, email: `${tag}-${Date.now()}-${process.pid}-${sequence}@example.test` };
}

/** The provider's sign-up page, reached from the nav's 'Sign Up' in a popup. */
export async function signUpWithPopup(page: Page, account: Account) {
  const popupOpened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Sign Up" }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await popup.getByLabel("Name").fill(account.name);
  await popup.getByLabel("Email").fill(account.email);
  await popup.getByLabel("Password").fill(PASSWORD);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Create account" }).click();
  await closed;
}

/** Creates an account through the real sign-up flow and returns the signed-in browser state. */
export async function createAccount(browser: Browser, baseURL: string | undefined, account: Account): Promise<StorageState> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await signUpWithPopup(page, account);
  await expect(page).toHaveURL(/\/chat$/, { timeout: 15_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * A page signed in as `state` that accepts every alert and confirm and records their texts;
 * clipboard access is granted for the share and copy-link buttons.
 */
export async function openSignedIn(browser: Browser, baseURL: string | undefined, state: StorageState, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ baseURL, storageState: state, viewport });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  return { page, dialogs, close: () => context.close() };
}
