// The allowance in Chromium, on a server of this file's own whose OpenAI models are paid with the
// platform's key (the shared e2e servers have none, so nothing there is charged): a saved
// conversation goes on with the model it used, not the first (paid) model; a message, a
// comparison or a battle the allowance cannot cover is refused saying what is left and what it
// needs, and what was typed stays in the box; a refused regeneration adds no second "You said"; a paid reply, and a paid
// comparison, lower the nav badge's tokens left at once, without a reload.
import { expect, test, type Page } from "@playwright/test";
import { ownServer } from "./support/own-server";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const PAID = "openai:gpt-4o-mini";
const DEMO = "demo:parley-demo";
const WIDE = { width: 1400, height: 900 };
// 2,499 characters: an input estimate of 629 tokens, more than the 500 of the free plan.
const LONG = "word ".repeat(500).trim();
const REFUSAL = /You have 500 of the 500 tokens of your Free plan left this month, and this message needs at least 661 \(its text and the shortest reply\)\./;
// Asked of both paid models at once, the same text needs its input and the shortest reply twice.
const COMPARE_REFUSAL =
  /You have 500 of the 500 tokens of your Free plan left this month, and this message needs at least 1,322 \(its text and the shortest reply of each of its 2 models paid from your allowance\)\./;
// A battle draws two of the paid models (never the offline demo); either message would do.
const BATTLE_REFUSAL = new RegExp(`${REFUSAL.source}|${COMPARE_REFUSAL.source}`);

const own = ownServer(50, { E2E_PLATFORM_OPENAI_KEY: "sk-e2e-platform-openai-0001" });
let person: StorageState;

test.beforeAll(async () => {
  person = await createAccount(own.origin, newAccount("allowance"));
});

const input = (page: Page) => page.getByPlaceholder("Type your message here...");
const model = (page: Page) => page.getByLabel("Model", { exact: true });
const sent = (page: Page, text: string) => page.getByRole("article", { name: "You said" }).filter({ hasText: text });
const replyDone = (page: Page) => expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
const badge = (page: Page) => page.getByRole("link", { name: "Free (500 tokens left)" });

async function sendMessage(page: Page, text: string) {
  await input(page).fill(text);
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
  await input(page).press("Enter");
  await replyDone(page);
}

test("a saved conversation opens with the model it used, and an edit goes to that model", async ({ browser }) => {
  const { page, close } = await openSignedIn(browser, own.origin, person, WIDE);
  await page.goto("/chat");
  // A new chat starts on the first model, which the platform's key pays for.
  await expect(model(page)).toHaveValue(PAID);
  await model(page).selectOption(DEMO);
  await sendMessage(page, "Plan a picnic");
  await expect(page).toHaveURL(/sessionId=\d+/);
  const saved = page.url();

  // Opened again: the demo is selected, not the first model.
  await page.goto("/chat");
  await expect(model(page)).toHaveValue(PAID);
  await page.goto(saved);
  await expect(sent(page, "Plan a picnic")).toBeVisible({ timeout: 15_000 });
  await expect(model(page)).toHaveValue(DEMO);

  // An edit goes to the demo: its reply quotes the message, and nothing is charged.
  await sent(page, "Plan a picnic").getByRole("button", { name: "Edit message" }).click();
  const editor = page.getByRole("textbox", { name: "Edit your message" });
  await editor.fill("Plan a picnic for four");
  await editor.press("Enter");
  await replyDone(page);
  const reply = page.getByRole("article", { name: /said$/ }).last();
  await expect(reply).toHaveAccessibleName("Parley Demo (offline) said");
  await expect(reply).toContainText("Plan a picnic for four");
  await page.reload();
  await expect(badge(page)).toBeVisible({ timeout: 15_000 });
  await expect(model(page)).toHaveValue(DEMO);
  await close();
});

test("a message the allowance cannot cover is refused with what is left and what it needs, and stays in the box", async ({ browser }) => {
  const { page, close } = await openSignedIn(browser, own.origin, person, WIDE);
  await page.goto("/chat");
  await expect(model(page)).toHaveValue(PAID);
  await input(page).fill(LONG);
  await input(page).press("Enter");
  await expect(page.getByText(REFUSAL)).toBeVisible({ timeout: 15_000 });
  await expect(input(page)).toHaveValue(LONG);
  await expect(badge(page)).toBeVisible();
  await close();
});

test('a refused regeneration shows the refusal once, without a second "You said"', async ({ browser }) => {
  const { page, close } = await openSignedIn(browser, own.origin, person, WIDE);
  await page.goto("/chat");
  // The long message goes to the demo (free), then its reply is asked of the paid model.
  await model(page).selectOption(DEMO);
  await sendMessage(page, LONG);
  await expect(sent(page, "word word")).toHaveCount(1);
  await page.getByRole("article", { name: /said$/ }).last().getByRole("button", { name: "Regenerate" }).click();
  await page.getByLabel("Model for the new reply").selectOption(PAID);
  await page.getByRole("button", { name: "Regenerate reply" }).click();
  await expect(page.getByText(REFUSAL)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("article", { name: "You said" })).toHaveCount(1);
  await expect(badge(page)).toBeVisible();
  await close();
});

test("a comparison the allowance cannot cover is refused with what is left and what it needs, and stays in the box", async ({ browser }) => {
  const { page, close } = await openSignedIn(browser, own.origin, person, WIDE);
  await page.goto("/chat");
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  const picker = page.getByRole("group", { name: "Models to compare" });
  await expect(picker.getByRole("checkbox", { name: "GPT-4o", exact: true })).toBeChecked();
  await expect(picker.getByRole("checkbox", { name: "GPT-4o mini", exact: true })).toBeChecked();
  await input(page).fill(LONG);
  await input(page).press("Enter");
  await expect(page.getByText(COMPARE_REFUSAL)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/You have used all/)).toHaveCount(0);
  await expect(input(page)).toHaveValue(LONG);
  await close();
});

test("a battle the allowance cannot cover is refused with what is left and what it needs, and stays in the box", async ({ browser }) => {
  const { page, close } = await openSignedIn(browser, own.origin, person, WIDE);
  await page.goto("/chat");
  await page.getByRole("button", { name: "Battle", exact: true }).click();
  await input(page).fill(LONG);
  await input(page).press("Enter");
  await expect(page.getByText(BATTLE_REFUSAL)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/You have used all/)).toHaveCount(0);
  await expect(input(page)).toHaveValue(LONG);
  await close();
});

/** After a paid reply the nav badge shows fewer than 500 tokens left, without a reload. */
async function expectBadgeCharged(page: Page) {
  const after = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Free \((\d+) tokens left\)$/ });
  await expect(after).not.toHaveAccessibleName("Free (500 tokens left)");
  const left = Number(/\((\d+) tokens left\)/.exec((await after.textContent()) ?? "")?.[1]);
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThan(500);
}

test("a reply paid from the allowance lowers the badge's tokens left without a reload", async ({ browser }) => {
  const { page, close } = await openSignedIn(browser, own.origin, await createAccount(own.origin, newAccount("allowance-badge")), WIDE);
  await page.goto("/chat");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Free (500 tokens left)" })).toBeVisible({ timeout: 15_000 });
  await expect(model(page)).toHaveValue(PAID);
  await sendMessage(page, "Name three colours");
  await expect(page.getByRole("article", { name: /said$/ }).last()).not.toBeEmpty();
  await expectBadgeCharged(page);
  await close();
});

test("a comparison paid from the allowance lowers the badge's tokens left without a reload", async ({ browser }) => {
  const { page, close } = await openSignedIn(browser, own.origin, await createAccount(own.origin, newAccount("allowance-compare")), WIDE);
  await page.goto("/chat");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Free (500 tokens left)" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  // The first two models offered, both paid with the platform's key.
  const picker = page.getByRole("group", { name: "Models to compare" });
  await expect(picker.getByRole("checkbox", { name: "GPT-4o", exact: true })).toBeChecked();
  await input(page).fill("Name two planets");
  await input(page).press("Enter");
  await expect(page).toHaveURL(/sessionId=\d+/, { timeout: 20_000 });
  await replyDone(page);
  await expectBadgeCharged(page);
  await close();
});
