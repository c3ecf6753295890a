// A blind battle in Chromium: a person with their own OpenAI key (a local fake of its wire
// protocol: GPT-4o mini and GPT-4o, beside the offline demo) writes one message in Battle mode;
// two answers stream as A and B with no model named, the verdict names both, and the battle is
// listed among their conversations.
import { expect, test, type Browser } from "@playwright/test";
import { createAccount, newAccount, openSignedIn } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { dropFirstRequest } from "./support/network";

test.describe.configure({ timeout: 90_000 });

const NAMES = ["GPT-4o mini", "GPT-4o", "Parley Demo (offline)", "Claude Haiku 4.5"];
const NAMED = /^Answer [AB]: (GPT-4o mini|GPT-4o|Parley Demo \(offline\))$/;

/** A new person signed in with their own OpenAI key saved, so that they have two models of their own to battle. */
async function battlerWithKey(browser: Browser, baseURL: string | undefined, name: string, key: string) {
  const signedIn = await openSignedIn(browser, baseURL, await createAccount(baseURL, newAccount(name)));
  await signedIn.page.goto("/admin?tab=api");
  await signedIn.page.getByLabel("OpenAI API Key", { exact: true }).fill(key);
  await signedIn.page.getByRole("button", { name: "Save Changes" }).click();
  await expect.poll(() => signedIn.dialogs).toEqual(["API keys saved successfully!"]);
  return signedIn;
}

test("a battle streams two blind answers, and the verdict names the models", async ({ browser, baseURL }) => {
  const { page, close } = await battlerWithKey(browser, baseURL, "battler", "sk-test-openai-0000000000bat1");

  await page.goto("/chat");
  const toggle = page.getByRole("button", { name: "Battle", exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(/Parley picks two of your models at random/)).toBeVisible();
  const input = page.getByPlaceholder("Type your message here...");
  await input.fill("Name a planet with rings.");
  await input.press("Enter");

  const answerA = page.getByRole("region", { name: "Answer A", exact: true });
  const answerB = page.getByRole("region", { name: "Answer B", exact: true });
  for (const answer of [answerA, answerB]) await expect(answer).toContainText(/fake says hello|offline demo/i, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/chat\?sessionId=\d+/);
  // Blind: neither answer, nor the page around them, names a model before the verdict.
  const centre = page.getByRole("region", { name: "Chat", exact: true });
  for (const name of NAMES) {
    await expect(answerA).not.toContainText(name);
    await expect(answerB).not.toContainText(name);
    await expect(centre.getByText(name, { exact: true }).filter({ visible: true })).toHaveCount(0);
  }
  // Nor what each answer cost, which differs by model (an own key is not charged, a platform model is).
  for (const answer of [answerA, answerB]) await expect(answer).not.toContainText(/tokens|charged/);

  // Reloaded while still blind, the battle shows again at once: its history (refused while blind)
  // is never asked for, and 'could not be loaded' never shows, not even for a moment.
  await page.addInitScript(() => {
    const seen = window as unknown as { loadFailedSeen: boolean };
    seen.loadFailedSeen = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes("could not be loaded")) seen.loadFailedSeen = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const historyAsked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/trpc/") && request.url().includes("chat.history")) historyAsked.push(request.url());
  });
  await page.reload();
  const verdict = page.getByRole("group", { name: "Your verdict" });
  await expect(verdict).toBeVisible({ timeout: 20_000 });
  for (const answer of [answerA, answerB]) await expect(answer).toContainText(/fake says hello|offline demo/i);
  expect(await page.evaluate(() => (window as unknown as { loadFailedSeen: boolean }).loadFailedSeen)).toBe(false);
  expect(historyAsked).toEqual([]);

  await verdict.getByRole("button", { name: "A is better" }).click();
  await expect(page.getByRole("region", { name: NAMED })).toHaveCount(2);
  await expect(page.getByRole("status").filter({ hasText: "Your verdict: A is better." })).toBeVisible();
  await expect(verdict).toHaveCount(0);
  // After the verdict each answer shows its usage: both on the battler's own OpenAI key, so not charged.
  for (const named of await page.getByRole("region", { name: NAMED }).all()) await expect(named).toContainText(/\d+ tokens · not charged/);
  const conversations = page.getByRole("navigation", { name: "Your Conversations" });
  await expect(conversations.getByRole("button", { name: /Name a planet with rings\./ })).toContainText("Battle");

  // Opened again, the battle shows its verdict and names.
  await page.reload();
  await expect(page.getByRole("region", { name: NAMED })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  // Decided, it is a comparison the person keeps: the composer asks both models a follow-up, which
  // continues this conversation (no new battle) and shows as the comparison screen does.
  await expect(page.getByText(/ask both models a follow-up below/)).toBeVisible();
  const url = page.url();
  await input.fill("Which of them has the most moons?");
  await input.press("Enter");
  const columns = page.getByRole("region", { name: /^(GPT-4o mini|GPT-4o|Parley Demo \(offline\)) \(column [12]\)$/ });
  await expect(columns).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  for (const column of await columns.all()) await expect(column.getByText(/fake says hello|offline demo/i)).toHaveCount(2, { timeout: 20_000 });
  expect(page.url()).toBe(url);
  await page.reload();
  await expect(columns).toHaveCount(2);
  await expect(page.getByText("Which of them has the most moons?").first()).toBeVisible();
  await expect(conversations.getByRole("button", { name: /Name a planet with rings\./ })).toHaveCount(1);
  await close();
});

test("a battle the network drops keeps its text in the box, and sending it again starts the battle", async ({ browser, baseURL }) => {
  const { page, close } = await battlerWithKey(browser, baseURL, "battle-retry", "sk-test-openai-0000000000bat2");
  const dropped = await dropFirstRequest(page, /\/chat\.battle\b/);

  await page.goto("/chat");
  await page.getByRole("button", { name: "Battle", exact: true }).click();
  const input = page.getByPlaceholder("Type your message here...");
  await input.fill("Name a moon of Saturn.");
  await input.press("Enter");
  await expect.poll(dropped).toBe(true);
  // Nothing was stored: what was typed comes back to the box.
  await expect(input).toHaveValue("Name a moon of Saturn.");
  await expect(page).not.toHaveURL(/sessionId=/);

  await input.press("Enter");
  await expect(page.getByRole("region", { name: "Answer A", exact: true })).toContainText(/fake says hello|offline demo/i, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/chat\?sessionId=\d+/);
  await expect(input).toHaveValue("");
  await close();
});
