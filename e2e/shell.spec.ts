// The web shell of issue 3 in Chromium: landing texts and headline rotation, theme persistence,
// the mobile menu, Not Found, /public with the API's message, route splitting and accessibility.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";

const MODELS = ["Claude", "GPT", "Llama", "Gemini", "Mistral", "PaLM"];

const headline = (page: Page) => page.getByRole("heading", { level: 1 });
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test.describe("landing page", () => {
  test("shows every text of the spec's landing and layout", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Parley home" })).toBeVisible();
    await expect(headline(page)).toContainText("Share the answer.");
    for (const title of ["Discover Trending Prompts", "Share Your Conversations", "Cross-Model Intelligence"]) {
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    }
    const main = page.getByRole("main");
    for (const name of ["Discover", "Share", "Compare", "Join the Community", "Learn More", "Explore"]) {
      await expect(main.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Sign Up" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    // Tabs are for signed-in people only.
    await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("the headline names a model and changes every 2 seconds", async ({ page }) => {
    await page.goto("/");
    const first = await headline(page).innerText();
    expect(MODELS.some((model) => first.includes(`Ask ${model}.`))).toBe(true);
    await expect.poll(() => headline(page).innerText(), { timeout: 2_500, intervals: [100] }).not.toBe(first);
    const second = await headline(page).innerText();
    const index = (text: string) => MODELS.findIndex((model) => text.includes(`Ask ${model}.`));
    expect(index(second)).toBe((index(first) + 1) % MODELS.length);
  });

  test("hero buttons scroll to their sections", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Compare", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Cross-Model Intelligence" })).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await main.getByRole("button", { name: "Share", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Share Your Conversations" })).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await main.getByRole("button", { name: "Explore" }).click();
    await expect(page.getByRole("heading", { name: "Discover Trending Prompts" })).toBeInViewport();
  });

  test("does not load chat code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await expect(headline(page)).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /chat/i.test(path))).toEqual([]);
  });
});

test.describe("theme", () => {
  test("defaults to the system preference", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    expect(await isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: "light" });
    await page.reload();
    expect(await isDark(page)).toBe(false);
  });

  test("the toggle switches theme and the choice survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    expect(await isDark(page)).toBe(false);
    await expect(page.locator('[data-logo-variant="light"]').first()).toBeVisible();

    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await isDark(page)).toBe(true);
    await expect(page.locator('[data-logo-variant="dark"]').first()).toBeVisible();
    await expect(page.locator('[data-logo-variant="light"]').first()).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    await page.reload();
    expect(await isDark(page)).toBe(true);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await page.reload();
    expect(await isDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens, locks the page's scroll and closes on a link click", async ({ page }) => {
    await page.goto("/public");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    expect(await bodyOverflow(page)).not.toBe("hidden");

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    // Really on screen, not clipped by the header: the last item is in view.
    await expect(menu.getByRole("button", { name: "Sign Up" })).toBeInViewport();
    expect(await bodyOverflow(page)).toBe("hidden");
    await expectNoSeriousA11yViolations(page);

    await menu.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(menu).toBeHidden();
    expect(await bodyOverflow(page)).not.toBe("hidden");
  });

  test("Escape closes the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    expect(await bodyOverflow(page)).not.toBe("hidden");
  });

  test("the landing page fits the screen", async ({ page }) => {
    await page.goto("/");
    await expect(headline(page)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("other pages", () => {
  test("an unknown path shows the Not Found page", async ({ page }) => {
    await page.goto("/this/page/does-not-exist");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(headline(page)).toBeVisible();
  });

  test("/public shows the API's public message without signing in", async ({ page, request }) => {
    const response = await request.get("/api/v1/messages/public");
    const { text } = (await response.json()) as { text: string };
    expect(text.length).toBeGreaterThan(0);
    await page.goto("/public");
    await expect(page.getByRole("heading", { name: "Public message" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(text);
  });
});

test.describe("accessibility", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    for (const [name, path, ready] of [
      ["landing", "/", "Share the answer."],
      ["public", "/public", "Public message"],
      ["not found", "/no-such-page", "Page not found"],
    ] as const) {
      test(`${name} page in ${colorScheme} mode has no serious violations`, async ({ page }) => {
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toContainText(ready);
        expect(await isDark(page)).toBe(colorScheme === "dark");
        await expectNoSeriousA11yViolations(page);
      });
    }
  }
});

test.describe("content security policy", () => {
  for (const [name, path, ready] of [
    ["landing", "/", "Share the answer."],
    ["public", "/public", "Public message"],
  ] as const) {
    test(`the ${name} page runs without a policy violation`, async ({ page }) => {
      // Listening before any script of the page runs: a violation at start-up counts too.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
        );
      });
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
      await expect(page.getByRole("heading", { level: 1 })).toContainText(ready);
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    });
  }
});
