// The prompt library is reached from where prompts are used, not only from the profile: the
// composer's prompt dropdown and its `/` picker, and Discover's Prompts tab, lead to it; a
// library card's 'Use in chat' fills the message box with it. An unlisted prompt's address
// (its key) opens it to another account, whose plain /prompt/{id} shows 'not found' before.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { api } from "./support/api";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const WORD = `quoll${Date.now()
  .toString(26)
  .replace(/[0-9]/g, (digit) => "qrstuvwxyz"[Number(digit)]!)}`;

let writer: StorageState;
let reader: StorageState;
test.beforeAll(async () => {
  const testInfo = test.info();
  test.setTimeout(120_000);
  writer = await createAccount(testInfo.project.use.baseURL, newAccount("promptreach"));
  reader = await createAccount(testInfo.project.use.baseURL, newAccount("promptvisit"));
});

const input = (page: Page) => page.getByPlaceholder("Type your message here...");

test("the composer's dropdown and / picker and Discover's Prompts tab lead to the library, whose cards are used in chat", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, writer);
  await page.goto("/prompts");
  const made = await api(page, "POST", "/prompts", { name: `Reach ${WORD}`, text: `Tell me about ${WORD}.` });
  expect(made.status, JSON.stringify(made.body)).toBe(200);

  // The dropdown's last option opens the library.
  await page.goto("/chat");
  const select = page.getByLabel("Prompt");
  await expect(select.locator("option").first()).toHaveText("Select prompt");
  await expect(select.locator("option").last()).toHaveText("Open prompt library…");
  await select.selectOption({ label: "Open prompt library…" });
  await expect(page).toHaveURL(/\/prompts$/);

  // The / picker links to it too.
  await page.goto("/chat");
  await input(page).fill("/");
  await page.getByRole("link", { name: "Open prompt library…" }).click();
  await expect(page).toHaveURL(/\/prompts$/);

  // 'Use in chat' on a library card fills the box with the prompt.
  await page.getByRole("link", { name: `Use in chat Reach ${WORD}` }).click();
  await expect(page).toHaveURL(/\/chat/);
  await expect(input(page)).toHaveValue(`Tell me about ${WORD}.`);

  // Discover's Prompts tab.
  await page.goto("/discover/prompts");
  await page.getByRole("link", { name: "Your prompt library" }).click();
  await expect(page).toHaveURL(/\/prompts$/);
  await close();
});

test("an unlisted prompt opens by its address to another account, and not by its number alone", async ({ browser, baseURL }) => {
  const owner = await openSignedIn(browser, baseURL, writer);
  await owner.page.goto("/prompts");
  const made = await api(owner.page, "POST", "/prompts", { name: `Unlisted ${WORD}`, text: `Only by address ${WORD}` });
  const id = (made.body as { id: number }).id;
  expect((await api(owner.page, "PUT", `/prompts/${id}/visibility`, { visibility: "unlisted" })).status).toBe(200);
  await owner.page.goto(`/prompt/${id}`);
  const address = await owner.page.getByRole("textbox", { name: "Unlisted address" }).inputValue();
  expect(address).toMatch(new RegExp(`/prompt/${id}\\?key=[0-9a-f-]{36}$`));
  await owner.close();

  const visitor = await openSignedIn(browser, baseURL, reader);
  await visitor.page.goto(`/prompt/${id}`);
  await expect(visitor.page.getByRole("heading", { name: `Unlisted ${WORD}` })).toHaveCount(0);
  await expect(visitor.page.getByText(/not found/i).first()).toBeVisible();
  await visitor.page.goto(new URL(address).pathname + new URL(address).search);
  await expect(visitor.page.getByRole("heading", { name: `Unlisted ${WORD}` })).toBeVisible();
  // From then on by its number too.
  await visitor.page.goto(`/prompt/${id}`);
  await expect(visitor.page.getByRole("heading", { name: `Unlisted ${WORD}` })).toBeVisible();
  await visitor.close();
});
