import type { Page } from "@playwright/test";

/**
 * The network drops the page's first request whose address matches `pattern` (as a lost
 * connection would); later ones go through. Answers whether it has dropped one yet.
 */
export async function dropFirstRequest(page: Page, pattern: RegExp): Promise<() => boolean> {
  let dropped = false;
  await page.route(pattern, async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    return route.abort("failed");
  });
  return () => dropped;
}
