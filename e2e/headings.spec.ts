// Headings and keys where lists and answers sit under a page's title, in Chromium: a comparison's
// answers, a battle's answers before and after the verdict, the prompt library and Discover's
// Prompts tab step down one heading level at a time (axe's heading-order), and the battle's
// verdict buttons move with the arrow keys, Home and End; a decided battle opened again shows
// Compare pressed, not Battle as well.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn } from "./support/accounts";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations, expectNoSkippedHeadingLevels } from "./support/axe";

test.describe.configure({ timeout: 120_000 });

const input = (page: Page) => page.getByPlaceholder("Type your message here...");
const replyDone = (page: Page) => expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });

/** A new person with their own OpenAI key (the local fake: GPT-4o mini and GPT-4o), so that they can compare and battle. */
async function personWithKey(browser: Parameters<typeof openSignedIn>[0], baseURL: string | undefined, name: string, key: string) {
  const signedIn = await openSignedIn(browser, baseURL, await createAccount(baseURL, newAccount(name)), { width: 1400, height: 900 });
  await signedIn.page.goto("/admin?tab=api");
  await signedIn.page.getByLabel("OpenAI API Key", { exact: true }).fill(key);
  await signedIn.page.getByRole("button", { name: "Save Changes" }).click();
  await expect.poll(() => signedIn.dialogs).toEqual(["API keys saved successfully!"]);
  return signedIn;
}

test("a comparison's answers and a battle's, before and after the verdict, skip no heading level; the verdict buttons move with the arrow keys", async ({
  browser,
  baseURL,
}) => {
  const { page, close } = await personWithKey(browser, baseURL, "headings", "sk-test-openai-00000000head1");
  await page.goto("/chat");
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  const picker = page.getByRole("group", { name: "Models to compare" });
  await expect(picker.getByRole("checkbox", { name: "GPT-4o", exact: true })).toBeChecked();
  await input(page).fill("Name a blue fruit.");
  await input(page).press("Enter");
  await expect(page).toHaveURL(/sessionId=\d+/, { timeout: 20_000 });
  await replyDone(page);
  await expect(page.getByRole("heading", { level: 2, name: "GPT-4o", exact: true })).toBeVisible();
  await expectNoSkippedHeadingLevels(page);

  // A new chat, where Battle is offered (not while comparing).
  await page.goto("/chat");
  await page.getByRole("button", { name: "Battle", exact: true }).click();
  await input(page).fill("Name a red fruit.");
  await input(page).press("Enter");
  const verdict = page.getByRole("group", { name: "Your verdict" });
  await expect(verdict).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 2, name: "Answer A", exact: true })).toBeVisible();
  await expectNoSkippedHeadingLevels(page);

  // One stop in the tab order; the arrow keys, Home and End move between the four choices.
  const choice = (name: string) => verdict.getByRole("button", { name, exact: true });
  await choice("A is better").focus();
  await page.keyboard.press("ArrowRight");
  await expect(choice("B is better")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(choice("It's a tie")).toBeFocused();
  await page.keyboard.press("End");
  await expect(choice("Both are bad")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(choice("A is better")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(choice("Both are bad")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(choice("A is better")).toBeFocused();
  await expect(choice("A is better")).toHaveAttribute("tabindex", "0");
  await expect(choice("B is better")).toHaveAttribute("tabindex", "-1");
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Your verdict: B is better.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 2, name: /^Answer A: / })).toBeVisible();
  await expectNoSkippedHeadingLevels(page);
  // Opened again, the decided battle is a comparison: Compare shows pressed, Battle does not.
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: /^Answer A: / })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Compare", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Battle", exact: true })).toHaveAttribute("aria-pressed", "false");
  await close();
});

test("the prompt library and Discover's Prompts tab skip no heading level between the page's title and the cards", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, await createAccount(baseURL, newAccount("headings-prompts")), { width: 1400, height: 900 });
  await page.goto("/prompts");
  const name = `Headings check ${Date.now()}`;
  const made = await api(page, "POST", "/prompts", { name, text: "Explain tides in two sentences.", description: "" });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect((await api(page, "PUT", `/prompts/${made.body.id as number}/visibility`, { visibility: "public" })).status).toBe(200);

  await page.goto("/prompts");
  await expect(page.getByRole("article", { name })).toBeVisible();
  await expectNoSkippedHeadingLevels(page);

  await page.goto("/discover/prompts");
  await expect(page.getByRole("article", { name })).toBeVisible({ timeout: 15_000 });
  await expectNoSkippedHeadingLevels(page);
  await close();
});
