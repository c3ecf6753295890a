// Prompts in Chromium, what e2e/prompts.spec.ts leaves to the server tests (issue 28): liking and
// unliking a prompt, saving someone's prompt into one's library ('Forked from', the original's
// save counter), editing a prompt and restoring an earlier version, exporting a library and
// importing the file into another account (a bad file is refused and adds nothing), Discover →
// Prompts' category filter, a refused send that keeps the prompt it came from for the retry, and a
// built-in prompt chosen in the composer without reading it first.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { api } from "./support/api";

test.describe.configure({ mode: "serial", timeout: 90_000 });

/** A word no other run's prompt has (letters only, so a text search keeps it whole). */
const WORD = `wombat${Date.now()
  .toString(26)
  .replace(/[0-9]/g, (digit) => "qrstuvwxyz"[Number(digit)]!)}`;

let writer: StorageState;
let reader: StorageState;
test.beforeAll(async () => {
  const testInfo = test.info();
  test.setTimeout(120_000);
  writer = await createAccount(testInfo.project.use.baseURL, newAccount("promptlib"));
  reader = await createAccount(testInfo.project.use.baseURL, newAccount("promptfan"));
});

type Made = { id: number; name: string; text: string; version: number };

/** A prompt written over the REST API (the library's editor is e2e/prompts.spec.ts's subject), published if asked. */
async function makePrompt(page: Page, fields: { name: string; text: string; category?: string }, visibility?: "public" | "unlisted") {
  const made = await api(page, "POST", "/prompts", fields);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const prompt = made.body as unknown as Made;
  if (visibility) expect((await api(page, "PUT", `/prompts/${prompt.id}/visibility`, { visibility })).status).toBe(200);
  return prompt;
}

const counts = (page: Page) => page.getByRole("list", { name: "Counts" });
const input = (page: Page) => page.getByPlaceholder("Type your message here...");

test("a reader likes and unlikes a prompt (the count moves and stays after a reload) and saves it into their library", async ({ browser, baseURL }) => {
  const own = await openSignedIn(browser, baseURL, writer);
  await own.page.goto("/prompts");
  const prompt = await makePrompt(own.page, { name: `Liked ${WORD}`, text: `Describe ${WORD} habitats.` }, "public");
  await own.close();

  const { page, close } = await openSignedIn(browser, baseURL, reader);
  await page.goto(`/prompt/${prompt.id}`);
  const like = page.getByRole("button", { name: "Like", exact: true });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(counts(page)).toContainText("0 likes");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(counts(page)).toContainText("1 like");
  await page.reload();
  await expect(page.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(counts(page)).toContainText("1 like");
  await page.getByRole("button", { name: "Like", exact: true }).click();
  await expect(page.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(counts(page)).toContainText("0 likes");
  await page.reload();
  await expect(page.getByRole("button", { name: "Like", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(counts(page)).toContainText("0 likes");

  // Saving: a private copy in the reader's library that names its origin; the origin counts it.
  await expect(counts(page)).toContainText("0 saves");
  await page.getByRole("button", { name: "Save to my library" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved to your library." })).toBeVisible();
  await expect(counts(page)).toContainText("1 save");
  await page.getByRole("link", { name: "Open your copy" }).click();
  await expect(page).not.toHaveURL(new RegExp(`/prompt/${prompt.id}$`));
  await expect(page.getByRole("heading", { name: prompt.name, level: 1 })).toBeVisible();
  await expect(page.getByText("Forked from")).toBeVisible();
  await page.getByRole("link", { name: prompt.name }).click();
  await expect(page).toHaveURL(new RegExp(`/prompt/${prompt.id}$`));
  await expect(counts(page)).toContainText("1 save");
  await page.goto("/prompts");
  await expect(page.getByRole("article", { name: prompt.name })).toContainText("Private");
  await close();
});

test("the writer edits a prompt and restores its first version, which becomes the newest", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, writer);
  await page.goto("/prompts");
  const first = `Summarise ${WORD} in one line.`;
  const prompt = await makePrompt(page, { name: `Versioned ${WORD}`, text: first });
  await page.reload();
  await page
    .getByRole("article", { name: prompt.name })
    .getByRole("button", { name: `Edit ${prompt.name}` })
    .click();
  const edit = page.getByRole("region", { name: `Edit “${prompt.name}”` });
  await edit.getByLabel("Prompt text").fill(`Summarise ${WORD} in three lines.`);
  await edit.getByRole("button", { name: "Save prompt" }).click();
  await expect(page.getByRole("article", { name: prompt.name })).toContainText(`Summarise ${WORD} in three lines.`);

  await page
    .getByRole("article", { name: prompt.name })
    .getByRole("button", { name: `Edit ${prompt.name}` })
    .click();
  const versions = page.getByRole("region", { name: `Edit “${prompt.name}”` }).getByRole("region", { name: "Versions" });
  await expect(versions.getByRole("listitem")).toHaveCount(2);
  await versions.getByRole("button", { name: "Restore Version 1" }).click();
  await expect(versions.getByRole("listitem")).toHaveCount(3);
  await expect(versions.getByRole("listitem").first()).toContainText("Version 3");
  await expect(versions.getByRole("listitem").first()).toContainText("Current");
  await expect(page.getByRole("region", { name: `Edit “${prompt.name}”` }).getByLabel("Prompt text")).toHaveValue(first);

  await page.goto(`/prompt/${prompt.id}`);
  await expect(page.getByRole("group", { name: "Prompt text" })).toHaveText(first);
  await expect(page.getByText("Private · Version 3")).toBeVisible();
  await close();
});

test("a library exported by one account is imported by another; a bad file is refused with its reason and adds nothing", async ({
  browser,
  baseURL,
}, testInfo) => {
  const own = await openSignedIn(browser, baseURL, writer);
  await own.page.goto("/prompts");
  const exported = await makePrompt(own.page, { name: `Exported ${WORD}`, text: `Translate {{phrase}} about ${WORD}.`, category: "education" });
  await own.page.reload();
  await expect(own.page.getByRole("article", { name: exported.name })).toBeVisible();
  const download = own.page.waitForEvent("download");
  await own.page.getByRole("button", { name: "Export library" }).click();
  const file = testInfo.outputPath("library.json");
  await (await download).saveAs(file);
  await own.close();
  const library = JSON.parse(await readFile(file, "utf8")) as { format: string; prompts: { name: string }[] };
  expect(library.format).toBe("parley.prompts");
  const names = library.prompts.map((p) => p.name);
  expect(names).toContain(exported.name);

  const other = await createAccount(baseURL, newAccount("promptimport"));
  const { page, close } = await openSignedIn(browser, baseURL, other);
  await page.goto("/prompts");
  await expect(page.getByText("No prompts yet. Write one, or save one from Discover.")).toBeVisible();

  // One bad prompt (a name over 100 characters) and nothing of the file is kept.
  const bad = {
    format: "parley.prompts",
    version: 1,
    prompts: [
      { name: `Kept? ${WORD}`, text: "Fine text" },
      { name: "x".repeat(101), text: "Too long a name" },
    ],
  };
  await page.getByLabel("Import library").setInputFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(bad)) });
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was imported" })).toHaveText(
    /^Nothing was imported: .*prompts\.1\.name.*at most 100 characters/,
  );
  await page.reload();
  await expect(page.getByText("No prompts yet. Write one, or save one from Discover.")).toBeVisible();

  await page.getByLabel("Import library").setInputFiles(file);
  await expect(page.getByRole("status").filter({ hasText: `Imported ${names.length} ${names.length === 1 ? "prompt" : "prompts"}.` })).toBeVisible();
  const card = page.getByRole("article", { name: exported.name });
  await expect(card).toContainText(exported.text);
  await expect(card).toContainText("Private");
  await expect(page.getByRole("article")).toHaveCount(names.length);
  await close();
});

test("Discover → Prompts filters by category", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, writer);
  await page.goto("/discover/prompts");
  const teaching = await makePrompt(page, { name: `Teach ${WORD}`, text: `Teach ${WORD} to a class.`, category: "education" }, "public");
  const building = await makePrompt(page, { name: `Build ${WORD}`, text: `Build a ${WORD} tracker.`, category: "technology" }, "public");
  await page.reload();
  await page.getByLabel("Search prompts").fill(WORD);
  const results = page.getByRole("list", { name: "Prompts" });
  await expect(results.getByRole("article", { name: teaching.name })).toBeVisible();
  await expect(results.getByRole("article", { name: building.name })).toBeVisible();
  const category = page.getByLabel("Category");
  await category.selectOption("education");
  await expect(results.getByRole("article", { name: building.name })).toHaveCount(0);
  await expect(results.getByRole("article", { name: teaching.name })).toBeVisible();
  await category.selectOption("technology");
  await expect(results.getByRole("article", { name: teaching.name })).toHaveCount(0);
  await expect(results.getByRole("article", { name: building.name })).toBeVisible();
  await category.selectOption("health");
  await expect(page.getByText(`No prompts match “${WORD}”.`)).toBeVisible();
  await category.selectOption("");
  await expect(results.getByRole("article", { name: teaching.name })).toBeVisible();
  await expect(results.getByRole("article", { name: building.name })).toBeVisible();
  await close();
});

test("a send refused by the network keeps its text and the prompt it came from: the retry records the prompt's use", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, writer);
  await page.goto("/prompts");
  const prompt = await makePrompt(page, { name: `Retried ${WORD}`, text: `Name three facts about ${WORD}.` }, "unlisted");
  // The first send fails on the way (the network drops it); later ones go through, and their bodies are kept.
  const bodies: string[] = [];
  let dropped = false;
  await page.route(/\/chat\.send\b/, async (route) => {
    bodies.push(route.request().postData() ?? "");
    if (!dropped) {
      dropped = true;
      return route.abort("failed");
    }
    return route.continue();
  });
  await page.goto("/chat");
  await page.getByLabel("Prompt").selectOption({ label: prompt.name });
  await expect(input(page)).toHaveValue(prompt.text);
  await input(page).press("Enter");
  await expect(page.getByText("An error occurred processing this request").first()).toBeVisible();
  await expect(input(page)).toHaveValue(prompt.text);
  expect(dropped).toBe(true);

  await input(page).press("Enter");
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => bodies.length).toBe(2);
  expect(bodies[1]).toContain(`"promptId":${prompt.id}`);
  expect(bodies[1]).toContain(`"promptVersion":${prompt.version}`);
  await page.goto(`/prompt/${prompt.id}`);
  await expect(counts(page)).toContainText("1 use");
  await close();
});

test("a built-in prompt chosen in the composer is the system prompt at once; only a library prompt is read first", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, writer);
  await page.goto("/prompts");
  const prompt = await makePrompt(page, { name: `Library ${WORD}`, text: `List ${WORD} facts.` });
  // The prompts the page asks the server for one by one (prompt.get, alone or in a batch).
  const read: string[] = [];
  page.on("request", (request) => {
    if (/prompt\.get\b/.test(request.url())) read.push(request.url());
  });
  await page.goto("/chat");
  const select = page.getByLabel("Prompt");
  const builtin = (await select.locator("option").nth(1).getAttribute("value"))!;
  await select.selectOption(builtin);
  await expect(select).toHaveValue(builtin);
  await expect(input(page)).toHaveValue("");
  await select.selectOption({ label: prompt.name });
  await expect(input(page)).toHaveValue(prompt.text);
  expect(read).toHaveLength(1);
  await close();
});
