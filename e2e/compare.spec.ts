// Comparing models side by side in Chromium: a person with their own OpenAI and Claude keys
// sends one message to three models (OpenAI and Claude, each a local fake of its wire protocol,
// and the offline demo), watches three replies stream in columns, follows up in every column,
// reads the comparison as tabs on a small screen, compares four models at 1280 px, shares it with
// a reader who sees every column named, and continues with the winner alone; a newcomer with one
// model is told what would add models.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { dropFirstRequest } from "./support/network";

// Three streams, a follow-up and an accessibility check take longer than one reply.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const MODELS = { openai: "GPT-4o mini", claude: "Claude Haiku 4.5", demo: "Parley Demo (offline)" } as const;

let ada: StorageState;
let sessionUrl = "";
test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(90_000);
  const baseURL = testInfo.project.use.baseURL;
  ada = await createAccount(baseURL, newAccount("comparer"));
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, ada);
  await page.goto("/admin?tab=api");
  await page.getByLabel("OpenAI API Key", { exact: true }).fill("sk-test-openai-0000000000cmp1");
  await page.getByLabel("Claude API Key", { exact: true }).fill("sk-ant-test-claude-0000000cmp2");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect.poll(() => dialogs).toEqual(["API keys saved successfully!"]);
  await close();
});

const input = (page: Page) => page.getByPlaceholder("Type your message here...");
const column = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^${name.replace(/[().]/g, "\\$&")} \\(column \\d\\)$`) });
const replyDone = (page: Page) => expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });

test("one message goes to three models, whose replies stream side by side; a follow-up goes to every column", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, ada);
  await page.goto("/chat");
  const toggle = page.getByRole("button", { name: "Compare", exact: true });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  const picker = page.getByRole("group", { name: "Models to compare" });
  // The first two models offered are picked for a start; GPT-4o makes way for Claude and the demo.
  await expect(picker.getByRole("checkbox", { name: MODELS.openai })).toBeChecked();
  await expect(picker.getByRole("checkbox", { name: "GPT-4o", exact: true })).toBeChecked();
  await picker.getByRole("checkbox", { name: "GPT-4o", exact: true }).uncheck();
  await picker.getByRole("checkbox", { name: MODELS.claude }).check();
  await picker.getByRole("checkbox", { name: MODELS.demo }).check();

  await input(page).fill("Which is the largest planet?");
  await input(page).press("Enter");
  // Each column has its own Stop while its reply streams (the demo model's reply streams for
  // about a second; the fakes' 0.2 s can be over before a busy machine looks).
  await expect(page.getByRole("button", { name: `Stop ${MODELS.demo}` })).toBeVisible();
  await expect(column(page, MODELS.openai)).toContainText("OpenAI fake says hello.", { timeout: 20_000 });
  await expect(column(page, MODELS.claude)).toContainText("Claude fake says hello.", { timeout: 20_000 });
  await expect(column(page, MODELS.demo)).toContainText("offline demo", { timeout: 20_000, ignoreCase: true });
  await replyDone(page);
  await expect(page).toHaveURL(/\/chat\?sessionId=\d+/);
  sessionUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  for (const name of Object.values(MODELS)) await expect(column(page, name)).toContainText(/\d+ tokens/);
  const conversations = page.getByRole("navigation", { name: "Your Conversations" });
  await expect(conversations.getByRole("button", { name: /Which is the largest planet\?/ })).toContainText("Compare: 3 models");

  // A follow-up goes to every column; the models stay fixed.
  await expect(page.getByText(`Comparing ${MODELS.openai}, ${MODELS.claude}, ${MODELS.demo}. A follow-up goes to every model.`)).toBeVisible();
  await input(page).fill("And the smallest?");
  await input(page).press("Enter");
  await replyDone(page);
  for (const name of Object.values(MODELS)) await expect(column(page, name).getByText("And the smallest?", { exact: true })).toBeVisible();
  await expect(column(page, MODELS.claude).getByText("Claude fake says hello.")).toHaveCount(2);

  // Still a comparison after a reload.
  await page.reload();
  await expect(column(page, MODELS.openai).getByText("OpenAI fake says hello.")).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await close();
});

test("a comparison the network drops keeps its text in the box, and sending it again goes to every column", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, ada);
  const dropped = await dropFirstRequest(page, /\/chat\.compare\b/);
  await page.goto("/chat");
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  const picker = page.getByRole("group", { name: "Models to compare" });
  await picker.getByRole("checkbox", { name: "GPT-4o", exact: true }).uncheck();
  await picker.getByRole("checkbox", { name: MODELS.demo }).check();
  await input(page).fill("Which moon is the largest?");
  await input(page).press("Enter");
  await expect.poll(dropped).toBe(true);
  // Nothing was stored: what was typed comes back to the box.
  await expect(input(page)).toHaveValue("Which moon is the largest?");
  await expect(page).not.toHaveURL(/sessionId=/);

  await input(page).press("Enter");
  await expect(column(page, MODELS.openai)).toContainText("OpenAI fake says hello.", { timeout: 20_000 });
  await replyDone(page);
  await expect(page).toHaveURL(/\/chat\?sessionId=\d+/);
  await expect(input(page)).toHaveValue("");
  await close();
});

test("on a small screen the columns are tabs", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, ada, { width: 390, height: 800 });
  await page.goto(sessionUrl);
  const tabs = page.getByRole("tablist", { name: "Compared models" });
  await expect(tabs.getByRole("tab")).toHaveText([MODELS.openai, MODELS.claude, MODELS.demo]);
  await expect(tabs.getByRole("tab", { name: MODELS.openai })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("OpenAI fake says hello.");
  await tabs.getByRole("tab", { name: MODELS.openai }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: MODELS.claude })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Claude fake says hello.");
  await expect(page.getByRole("tabpanel")).not.toContainText("OpenAI fake");
  await expectNoSeriousA11yViolations(page);
  await close();
});

test("at 1280 px a comparison of four models shows every column's header and Stop", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, ada, { width: 1280, height: 900 });
  await page.goto("/chat");
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  const picker = page.getByRole("group", { name: "Models to compare" });
  for (const name of [MODELS.openai, "GPT-4o", MODELS.claude, MODELS.demo]) await picker.getByRole("checkbox", { name, exact: true }).check();
  await input(page).fill("Name a moon of Jupiter.");
  await input(page).press("Enter");
  // The demo model's reply streams for about a second: its Stop, in the last column, is on
  // screen and would take the click (nothing covers it).
  const stopDemo = page.getByRole("button", { name: `Stop ${MODELS.demo}` });
  await expect(stopDemo).toBeInViewport({ ratio: 1 });
  await stopDemo.click({ trial: true });
  await replyDone(page);
  // The options panel folds away while comparing and opens from the header.
  await expect(page.getByRole("button", { name: "Show Chat Options" })).toBeVisible();
  // Every column's header is on screen, inside the chat's centre, and not covered by a side panel.
  const centre = await page.getByRole("region", { name: "Chat", exact: true }).boundingBox();
  for (const name of [MODELS.openai, "GPT-4o", MODELS.claude, MODELS.demo]) {
    const heading = column(page, name).getByRole("heading", { name, exact: true });
    await expect(heading).toBeInViewport({ ratio: 1 });
    const box = (await heading.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(centre!.x + centre!.width);
    await heading.click({ trial: true });
  }
  await close();
});

test("a signed-in reader of a shared comparison sees every column, named", async ({ browser, baseURL }) => {
  const owner = await openSignedIn(browser, baseURL, ada);
  await owner.page.goto(sessionUrl);
  await expect(column(owner.page, MODELS.openai)).toBeVisible();
  await owner.page.getByRole("button", { name: "Show Chat Options" }).click();
  await owner.page.getByRole("button", { name: "Share Conversation" }).first().click();
  await expect.poll(() => owner.dialogs).toContain("Share link copied to clipboard! Anyone with this link can view this conversation.");
  const link = await owner.page.evaluate(() => navigator.clipboard.readText());
  await owner.close();

  const reader = await createAccount(baseURL, newAccount("shared-reader"));
  const { page, close } = await openSignedIn(browser, baseURL, reader);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Shared Chat (Read-only)" })).toBeVisible();
  await expect(column(page, MODELS.openai).getByText("OpenAI fake says hello.")).toHaveCount(2);
  await expect(column(page, MODELS.claude).getByText("Claude fake says hello.")).toHaveCount(2);
  await expect(column(page, MODELS.demo)).toContainText("offline demo", { ignoreCase: true });
  for (const name of Object.values(MODELS)) await expect(column(page, name).getByRole("heading", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Continue with this model/ })).toHaveCount(0);
  await close();
});

test("with fewer than two models, Compare says what would add models", async ({ browser, baseURL }) => {
  const newcomer = await createAccount(baseURL, newAccount("newcomer"));
  const { page, close } = await openSignedIn(browser, baseURL, newcomer);
  await page.goto("/chat");
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  const note = page.getByRole("note");
  await expect(note).toContainText("Comparing needs at least 2 models, and only 1 is available to you. To add models:");
  await expect(note.getByRole("link", { name: "Ollama" })).toHaveAttribute("href", "https://ollama.com/download");
  await expect(note).toContainText("MODELS_FILE");
  await expectNoSeriousA11yViolations(page);
  await note.getByRole("link", { name: "Add your own OpenAI or Claude key under Admin → API Keys" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=api$/);
  await expect(page.getByLabel("OpenAI API Key", { exact: true })).toBeVisible();
  await close();
});

test("with fewer than two models a battle can draw, Battle says what would add models before anything is sent", async ({ browser, baseURL }) => {
  // The demo model is all a newcomer has, and battles never draw it.
  const newcomer = await createAccount(baseURL, newAccount("newcomer-battle"));
  const { page, close } = await openSignedIn(browser, baseURL, newcomer);
  const battles: string[] = [];
  page.on("request", (request) => {
    if (/\/trpc\/chat\.battle\b/.test(request.url())) battles.push(request.url());
  });
  await page.goto("/chat");
  await page.getByRole("button", { name: "Battle", exact: true }).click();
  const note = page.getByRole("note");
  await expect(note).toContainText("A battle needs at least 2 models, and none is available to you. To add models:");
  await expect(note.getByRole("link", { name: "Ollama" })).toHaveAttribute("href", "https://ollama.com/download");
  await expectNoSeriousA11yViolations(page);
  const input = page.getByPlaceholder("Type your message here...");
  await input.fill("Which is the largest planet?");
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
  await input.press("Enter");
  await expect(input).toHaveValue("Which is the largest planet?");
  expect(battles).toEqual([]);
  await note.getByRole("link", { name: "Add your own OpenAI or Claude key under Admin → API Keys" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=api$/);
  await close();
});

test("continuing with the winner makes it an ordinary chat with that model", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, ada);
  await page.goto(sessionUrl);
  await column(page, MODELS.claude)
    .getByRole("button", { name: /Continue with this model/ })
    .click();
  await expect(page.getByRole("region", { name: /\(column \d\)$/ })).toHaveCount(0);
  await expect(page.getByLabel("Model")).toHaveValue("anthropic:claude-haiku-4-5");
  await expect(page.getByRole("article", { name: `${MODELS.claude} said` })).toHaveCount(2);
  await expect(page.getByText("OpenAI fake says hello.")).toHaveCount(0);
  const conversations = page.getByRole("navigation", { name: "Your Conversations" });
  await expect(conversations.getByRole("button", { name: /Which is the largest planet\?/ })).not.toContainText("Compare:");
  await expect(page.getByRole("button", { name: "Compare", exact: true })).toHaveAttribute("aria-pressed", "false");
  await close();
});
