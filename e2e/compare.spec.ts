// Comparing models side by side in Chromium: a person with their own OpenAI and Claude keys
// sends one message to three models (OpenAI and Claude, each a local fake of its wire protocol,
// and the offline demo), watches three replies stream in columns, follows up in every column,
// reads the comparison as tabs on a small screen, and continues with the winner alone.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

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

test("continuing with the winner makes it an ordinary chat with that model", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, ada);
  await page.goto(sessionUrl);
  await column(page, MODELS.claude).getByRole("button", { name: /Continue with this model/ }).click();
  await expect(page.getByRole("region", { name: /\(column \d\)$/ })).toHaveCount(0);
  await expect(page.getByLabel("Model")).toHaveValue("anthropic:claude-haiku-4-5");
  await expect(page.getByRole("article", { name: `${MODELS.claude} said` })).toHaveCount(2);
  await expect(page.getByText("OpenAI fake says hello.")).toHaveCount(0);
  const conversations = page.getByRole("navigation", { name: "Your Conversations" });
  await expect(conversations.getByRole("button", { name: /Which is the largest planet\?/ })).not.toContainText("Compare:");
  await expect(page.getByRole("button", { name: "Compare", exact: true })).toHaveAttribute("aria-pressed", "false");
  await close();
});
