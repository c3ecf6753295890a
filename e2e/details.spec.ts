// Screen details in Chromium (issue 38, item 30): the chat screen fills the viewport with no
// footer under it while other pages keep theirs.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn } from "./support/accounts";

/** How far the page scrolls past the viewport's bottom (0: it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

test("the chat screen fills the viewport with no footer under it; other pages keep the footer", async ({ browser, baseURL }) => {
  const account = await createAccount(baseURL, newAccount("footer"));
  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const { page, close } = await openSignedIn(browser, baseURL, account, viewport);
    await page.goto("/chat");
    await expect(page.getByRole("heading", { name: "Chat", exact: true })).toBeVisible();
    await expect(page.getByPlaceholder("Type your message here...")).toBeInViewport();
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The message box sits at the viewport's bottom edge, not above a strip of page.
    const box = await page.getByPlaceholder("Type your message here...").boundingBox();
    expect(viewport.height - (box!.y + box!.height)).toBeLessThan(120);

    await page.goto("/discover");
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    await page.goto("/profile");
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    await close();
  }
});

