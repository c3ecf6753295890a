import { expect, test } from "@playwright/test";
import { newAccount, signUpWithPopup } from "./support/accounts";

// First contact: the server is configured for http://localhost:PORT (PUBLIC_URL's default form)
// and the person types http://127.0.0.1:PORT instead.

test("opened at 127.0.0.1 instead of localhost, the app moves to its own address and Sign Up works", async ({ page, baseURL }) => {
  const configured = new URL(baseURL!);
  await page.goto(`http://127.0.0.1:${configured.port}/`);
  await expect(page).toHaveURL(`${configured.origin}/`);
  await signUpWithPopup(page, newAccount("address"));
  await expect(page).toHaveURL(/\/chat$/, { timeout: 15_000 });
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);
});
