// Prompts in Chromium (issue 28): a writer writes a prompt with a variable in their library, uses it
// through `/` in the chat (the variables form first) and publishes it; a reader finds it on
// Discover → Prompts by a word of its text, compares two models on it from its page, and posts the
// comparison; the writer votes on it; the prompt's page shows the answers under each model and the
// tally.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

// A sign-up, streams and several pages per test on a busy machine.
test.describe.configure({ mode: "serial", timeout: 90_000 });

/** A word of the prompt's text no other run's prompt has (letters only, so every text search keeps it whole). */
const WORD = `quokka${Date.now()
  .toString(26)
  .replace(/[0-9]/g, (digit) => "qrstuvwxyz"[Number(digit)]!)}`;
const NAME = `Explain ${WORD}`;
const TEXT = `Explain ${WORD} to {{audience}} in two sentences.`;
const DESCRIPTION = `Two models explain ${WORD} to an engineer`;
const MODELS = ["GPT-4o mini", "GPT-4o"] as const;

const writerAccount = newAccount("promptwriter");
const readerAccount = newAccount("promptreader");
/** The name the app shows for an account: its nickname, the email's local part. */
const shownName = (account: { email: string }) => account.email.split("@")[0]!;
let writer: StorageState;
let reader: StorageState;
let promptPath = "";
let postPath = "";
test.beforeAll(async () => {
  const testInfo = test.info();
  test.setTimeout(120_000);
  writer = await createAccount(testInfo.project.use.baseURL, writerAccount);
  reader = await createAccount(testInfo.project.use.baseURL, readerAccount);
});

const input = (page: Page) => page.getByPlaceholder("Type your message here...");
const replyDone = (page: Page) => expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });

test("the writer writes a prompt with a variable, uses it through '/', and publishes it", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, writer);
  // The profile leads to the library.
  await page.goto("/profile");
  await page.getByRole("link", { name: "Your prompts" }).click();
  await expect(page).toHaveURL(/\/prompts$/);
  await expect(page.getByRole("heading", { name: "Your prompts", level: 1 })).toBeVisible();
  await expect(page.getByText("No prompts yet. Write one, or save one from Discover.")).toBeVisible();

  await page.getByRole("button", { name: "New prompt" }).click();
  const editor = page.getByRole("region", { name: "New prompt" });
  await editor.getByLabel("Name", { exact: true }).fill(NAME);
  await editor.getByLabel("Prompt text").fill(TEXT);
  await expect(editor.getByText("Variables: audience")).toBeVisible();
  await editor.getByLabel("Category").selectOption("education");
  await expect(editor.getByLabel("Visibility")).toHaveValue("private");
  await expectNoSeriousA11yViolations(page);
  await editor.getByRole("button", { name: "Save prompt" }).click();
  const card = page.getByRole("article", { name: NAME });
  await expect(card).toContainText("Private");
  await expect(card).toContainText(TEXT);

  // In the chat, '/' at the start of an empty message opens the picker; typing narrows it, Enter picks.
  await page.goto("/chat");
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
  await expect(page.getByLabel("Prompt").locator("option").first()).toHaveText("Select prompt");
  await expect(page.getByLabel("Prompt").locator("option", { hasText: NAME })).toHaveCount(1);
  await input(page).click();
  await page.keyboard.type("/");
  const picker = page.getByRole("listbox", { name: "Prompts" });
  await expect(picker).toBeVisible();
  await page.keyboard.type(WORD);
  await expect(picker.getByRole("option")).toHaveCount(1);
  await expect(picker.getByRole("option", { name: NAME })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  // A prompt with a variable asks for its value before its text goes into the box.
  const form = page.getByRole("group", { name: `Fill in “${NAME}”` });
  await expect(form).toBeVisible();
  await expect(form.getByLabel("audience")).toBeFocused();
  // Enter in the form uses the prompt; without a value it names what is missing.
  await page.keyboard.press("Enter");
  await expect(form.getByRole("alert")).toHaveText("Fill in audience first.");
  await page.keyboard.type("a five-year-old");
  await page.keyboard.press("Enter");
  await expect(form).toHaveCount(0);
  await expect(input(page)).toHaveValue(`Explain ${WORD} to a five-year-old in two sentences.`);
  await expect(input(page)).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await input(page).press("Enter");
  await expect(page.getByRole("article", { name: "You said" }).filter({ hasText: `Explain ${WORD} to a five-year-old in two sentences.` })).toBeVisible();
  await replyDone(page);
  await expect(page).toHaveURL(/\/chat\?sessionId=\d+/);

  // Publishing: the library's editor makes it public; its page counts the writer's use.
  await page.goto("/prompts");
  await page
    .getByRole("article", { name: NAME })
    .getByRole("button", { name: `Edit ${NAME}` })
    .click();
  const edit = page.getByRole("region", { name: `Edit “${NAME}”` });
  await edit.getByLabel("Visibility").selectOption("public");
  await expect(edit.getByText("Listed on Discover and on your creator page.")).toBeVisible();
  await edit.getByRole("button", { name: "Save prompt" }).click();
  await expect(page.getByRole("article", { name: NAME })).toContainText("Public");
  await page.getByRole("link", { name: NAME, exact: true }).click();
  await expect(page).toHaveURL(/\/prompt\/\d+$/);
  promptPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: NAME, level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Counts" })).toContainText("1 use");
  await expect(page.getByRole("group", { name: "Prompt text" }).locator("mark")).toHaveText("{{audience}}");
  await expect(page.getByText("No one has posted an answer to this prompt yet.")).toBeVisible();
  await close();
});

test("a reader finds it on Discover → Prompts by a word of its text, compares two models on it and posts the comparison", async ({ browser, baseURL }) => {
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  // An own OpenAI key offers OpenAI's models (a local fake of its service in these tests).
  await page.goto("/admin?tab=api");
  await page.getByLabel("OpenAI API Key", { exact: true }).fill("sk-test-openai-0000000000prm1");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect.poll(() => dialogs).toEqual(["API keys saved successfully!"]);

  await page.goto("/discover");
  const tabs = page.getByRole("navigation", { name: "Discover" });
  await tabs.getByRole("link", { name: "Prompts" }).click();
  await expect(page).toHaveURL(/\/discover\/prompts$/);
  await expect(tabs.getByRole("link", { name: "Prompts" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("group", { name: "Sort prompts" }).getByRole("button", { name: "Trending" })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Search prompts").fill(WORD);
  const results = page.getByRole("list", { name: "Prompts" });
  await expect(results.getByRole("article")).toHaveCount(1);
  await expect(results.getByRole("article", { name: NAME })).toContainText(shownName(writerAccount));
  await expectNoSeriousA11yViolations(page);
  await results.getByRole("link", { name: NAME }).click();
  await expect(page).toHaveURL(promptPath);

  await page.getByRole("link", { name: "Compare models on this prompt" }).click();
  await expect(page).toHaveURL(/\/chat\?/);
  const form = page.getByRole("group", { name: `Fill in “${NAME}”` });
  await form.getByLabel("audience").fill("a software engineer");
  await form.getByRole("button", { name: "Use prompt" }).click();
  const message = `Explain ${WORD} to a software engineer in two sentences.`;
  await expect(input(page)).toHaveValue(message);
  await expect(page.getByRole("button", { name: "Compare", exact: true })).toHaveAttribute("aria-pressed", "true");
  const models = page.getByRole("group", { name: "Models to compare" });
  for (const name of MODELS) await expect(models.getByRole("checkbox", { name, exact: true })).toBeChecked();
  await input(page).press("Enter");
  for (const name of MODELS) {
    const column = page.getByRole("region", { name: `${name} (column ${MODELS.indexOf(name) + 1})` });
    await expect(column).toContainText("OpenAI fake says hello.", { timeout: 20_000 });
  }
  await replyDone(page);
  await expect(page).toHaveURL(/\/chat\?sessionId=\d+$/);

  await page.getByRole("button", { name: "Show Chat Options" }).click();
  const options = page.getByRole("dialog", { name: "Chat Options" });
  await options.getByLabel("Description").fill(DESCRIPTION);
  await options.getByRole("button", { name: "Post Conversation" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 15_000 });
  postPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: "Comparison of 2 models" })).toBeVisible();
  await close();
});

test("the writer votes on the comparison; the prompt's page shows the answers under each model and the tally", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, writer, { width: 1400, height: 900 });
  // Before voting, the prompt's page names neither the comparison's models nor its tally: it is blind to the writer.
  await page.goto(promptPath);
  const blind = page.getByRole("region", { name: "Answers" });
  await expect(blind.getByText("No one has posted an answer to this prompt yet.")).toBeVisible();
  for (const name of MODELS) await expect(blind.getByRole("region", { name, exact: true })).toHaveCount(0);
  await page.goto(postPath);
  await page.getByRole("button", { name: "Vote for this answer (answer A)" }).click();
  await expect(page.getByText("1 vote (100%) · Your vote")).toBeVisible();
  const voted = (await page.getByRole("heading", { name: /^Answer A · / }).innerText()).replace(/^Answer A · /, "");
  expect(MODELS).toContain(voted);
  const other = MODELS.find((name) => name !== voted)!;

  await page.goto(promptPath);
  const answers = page.getByRole("region", { name: "Answers" });
  for (const name of MODELS) {
    const model = answers.getByRole("region", { name, exact: true });
    await expect(model.getByRole("link", { name: DESCRIPTION })).toBeVisible();
    await expect(model).toContainText(`Comparison · ${shownName(readerAccount)}`);
  }
  // The tallies are the leaderboard's counted votes of the prompt: the vote shows once the board is fitted again (every few seconds here).
  await expect(async () => {
    await page.reload();
    await expect(answers.getByRole("region", { name: voted, exact: true })).toContainText("1 vote", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(answers.getByRole("region", { name: other, exact: true })).toContainText("0 votes");
  await expect(page.getByRole("list", { name: "Counts" })).toContainText("2 uses");
  await expectNoSeriousA11yViolations(page);
  await answers.getByRole("region", { name: voted, exact: true }).getByRole("link", { name: DESCRIPTION }).click();
  await expect(page).toHaveURL(postPath);
  await close();
});
