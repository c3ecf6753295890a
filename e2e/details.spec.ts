// Screen details in Chromium (issue 38, item 30): the chat screen fills the viewport with no
// footer under it while other pages keep theirs; a share offers to refresh its snapshot only once
// the conversation has changed since; search snippets read as plain text, not markdown; on a phone
// the model and prompt dropdowns show their choice; an unverified address has a way to be verified
// from the profile; a conversation's share is one choice of audience with one set of controls.
import { expect, test, type Page } from "@playwright/test";
import { createAccount, newAccount, openSignedIn } from "./support/accounts";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";

/** Sends `text` in the conversation open on `page` (a new one from /chat) and waits for the reply. */
async function send(page: Page, text: string) {
  await page.getByPlaceholder("Type your message here...").fill(text);
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled({ timeout: 15_000 });
  await page.getByPlaceholder("Type your message here...").press("Enter");
  await expect(page).toHaveURL(/sessionId=\d+/, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
}

/** How far the page scrolls past the viewport's bottom (0: it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

test("the chat screen fills the viewport with no footer under it; other pages keep the footer", async ({ browser, baseURL }) => {
  const account = await createAccount(baseURL, newAccount("footer"));
  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const { page, close } = await openSignedIn(browser, baseURL, account, viewport);
    await page.goto("/chat");
    await expect(page.getByRole("heading", { name: "Chat", exact: true })).toBeVisible();
    await expect(page.getByPlaceholder("Type your message here...")).toBeInViewport();
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The message box sits at the viewport's bottom edge, not above a strip of page.
    const box = await page.getByPlaceholder("Type your message here...").boundingBox();
    expect(viewport.height - (box!.y + box!.height)).toBeLessThan(120);

    await page.goto("/discover");
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    await page.goto("/profile");
    await expect(page.getByRole("contentinfo")).toHaveCount(1);
    await close();
  }
});

test("a share offers 'Refresh' and 'Keep' only once the conversation has changed since its snapshot", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const owner = await createAccount(baseURL, newAccount("snapshot"));
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, owner, { width: 1400, height: 900 });
  await page.goto("/chat");
  await send(page, "How long do I proof bread dough?");
  await page.getByRole("button", { name: "Share Conversation" }).first().click();
  await expect.poll(() => dialogs.some((message) => message.startsWith("Share link copied"))).toBe(true);

  const row = page.getByRole("listitem").filter({ has: page.getByText("Conversation · share", { exact: true }) });
  const refresh = row.getByRole("button", { name: "Refresh to the conversation as it is now" });
  const keep = row.getByRole("button", { name: "Keep", exact: true });
  await page.goto("/profile?tab=links");
  await expect(row.getByText(/^Snapshot taken/)).toBeVisible({ timeout: 15_000 });
  await expect(refresh).toHaveCount(0);
  await expect(keep).toHaveCount(0);

  // A follow-up after sharing: the share is behind, and says so.
  await page.goBack();
  await expect(page.getByPlaceholder("Type your message here...")).toBeVisible();
  await send(page, "And at what temperature?");
  await page.goto("/profile?tab=links");
  await expect(refresh).toBeVisible({ timeout: 15_000 });
  await expect(keep).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await refresh.click();
  // Nothing to find in what was added: the snapshot is taken again at once, and is up to date.
  await expect(refresh).toHaveCount(0);
  await expect(keep).toHaveCount(0);
  await page.reload();
  await expect(row.getByText(/^Snapshot taken/)).toBeVisible({ timeout: 15_000 });
  await expect(refresh).toHaveCount(0);
  await close();
});

test("search snippets read as plain text, the searched word highlighted, in the chat's panel and on Discover", async ({ browser, baseURL }) => {
  const word = `wombat${Date.now().toString(36)}`;
  const { page, close } = await openSignedIn(browser, baseURL, await createAccount(baseURL, newAccount("snippets")), { width: 1400, height: 900 });
  await page.goto("/chat");
  await expect(page.getByPlaceholder("Type your message here...")).toBeVisible();
  const content = `## Burrows\n\n**The ${word}** digs _square_ burrows, see [the guide](https://example.com/guide) and \`dig --deep\`.`;
  const sent = await api(page, "POST", "/chat/postChat", { messages: [{ content }], model_id: "demo:parley-demo", session_id: 0, category: "general" });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const posted = await api(page, "POST", "/post/postChat", { chat_id: sent.body.session_id, description: `Notes on the ${word}`, categories: ["general"] });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);

  const expectPlain = async (snippet: ReturnType<Page["locator"]>) => {
    await expect(snippet.locator("mark").first()).toHaveText(word);
    await expect(snippet).toContainText(`${word} digs square burrows, see the guide and dig --deep`);
    // (The demo model's reply quotes the message on one line, where '##' is no heading and stays.)
    await expect(snippet).not.toHaveText(/^\s*#/);
    for (const syntax of ["**", "_square_", "](", "`"]) await expect(snippet).not.toContainText(syntax);
  };
  await page.reload();
  await page.getByRole("searchbox", { name: "Search your conversations" }).fill(word);
  const match = page.getByRole("list", { name: "Matching conversations" }).getByRole("button");
  await expect(match).toHaveCount(1);
  await expectPlain(match.locator("p"));

  await page.goto("/discover");
  await page.getByRole("searchbox", { name: "Search posts" }).fill(word);
  const result = page.getByRole("list", { name: "Search results" }).getByRole("article");
  await expect(result).toHaveCount(1);
  await expectPlain(result.locator("p", { has: page.locator("mark") }).last());
  await close();
});

test("on a phone the model and prompt dropdowns show their choice, not a blank pill", async ({ browser, baseURL }) => {
  const state = await createAccount(baseURL, newAccount("phone"));
  for (const width of [390, 360]) {
    const context = await browser.newContext({
      baseURL,
      storageState: state,
      viewport: { width, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.goto("/chat");
    await expect(page.getByLabel("Model")).toHaveValue("demo:parley-demo");
    await expect(page.getByLabel("Prompt")).toHaveValue("");
    for (const [label, text] of [
      ["Model", "Parley Demo (offline)"],
      ["Prompt", "Select prompt"],
    ] as const) {
      const select = page.getByLabel(label);
      await expect(select).toBeInViewport({ ratio: 1 });
      // The room its text has (inside the padding that holds the arrow), against the text's own width:
      // it shows the whole choice or at least its first ten or so characters.
      const room = await select.evaluate((element, shown) => {
        const style = getComputedStyle(element);
        const inner = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return { inner, text: context.measureText(shown).width, selected: (element as HTMLSelectElement).selectedOptions[0]?.textContent };
      }, text);
      expect(room.selected).toBe(text);
      expect(room.inner, `${label} at ${width} px: ${JSON.stringify(room)}`).toBeGreaterThanOrEqual(Math.min(room.text, 75));
    }
    await expect(page.getByRole("button", { name: "Send message" })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  }
});

test("the profile's 'Not Verified' says how to verify and asks the server for a new verification link", async ({ browser, baseURL }) => {
  const account = newAccount("verify");
  const { page, close } = await openSignedIn(browser, baseURL, await createAccount(baseURL, account), { width: 1280, height: 900 });
  await page.goto("/profile");
  await expect(page.getByText("Not Verified", { exact: true })).toBeVisible();
  const help = page.getByRole("region", { name: "Verify your address" });
  await expect(help).toContainText("Parley's own sign-in sends no e-mail.");
  await expectNoSeriousA11yViolations(page);
  await help.getByRole("button", { name: "Request a verification link" }).click();
  await expect(help.getByRole("status")).toHaveText(
    `A new verification link for ${account.email} is in the server's log; the one before it no longer works. Once whoever runs this Parley has opened it (or you have, from them), choose 'Check again'.`,
  );
  await help.getByRole("button", { name: "Check again" }).click();
  await expect(help.getByRole("status")).toHaveText("Your address is not verified yet.");
  await expect(page.getByText("Not Verified", { exact: true })).toBeVisible();
  await close();
});

test("sharing a conversation is one choice of audience with one set of expiry, password and limit controls", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, await createAccount(baseURL, newAccount("audience")), { width: 1400, height: 900 });
  await page.goto("/chat");
  await send(page, "How do tides work?");
  const panel = page.getByRole("complementary", { name: "Chat Options" });
  await expect(panel.getByRole("radio")).toHaveCount(0);
  await panel.getByRole("button", { name: "Share Conversation" }).click();
  await expect
    .poll(() => dialogs.some((message) => message.startsWith("Share link copied to clipboard! Anyone with this link can view this conversation.")))
    .toBe(true);
  await expect(panel.getByText("Anyone signed in who has the link can read this conversation.")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Stop sharing" })).toBeVisible();

  const audience = panel.getByRole("group", { name: "Who can open it" });
  const share = audience.getByRole("radio", { name: /^People with the link/ });
  const publicPage = audience.getByRole("radio", { name: /^Public page/ });
  await expect(share).toBeChecked();
  // One set of controls: the share's.
  await expect(panel.getByRole("region", { name: "Share settings" })).toBeVisible();
  await expect(panel.getByRole("region", { name: "Link settings" })).toHaveCount(0);
  await expect(panel.getByLabel("Expiry")).toHaveCount(1);
  await expect(panel.getByRole("switch")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The public page: its address, and its own controls in place of the share's.
  await publicPage.click();
  await expect(publicPage).toBeChecked();
  const address = panel.getByRole("textbox", { name: "Public link" });
  await expect(address).toHaveValue(/\/s\/[A-Za-z0-9_-]{24}$/);
  const url = await address.inputValue();
  const settings = panel.getByRole("region", { name: "Link settings" });
  await expect(settings).toBeVisible();
  await expect(panel.getByRole("region", { name: "Share settings" })).toHaveCount(0);
  await expect(panel.getByLabel("Expiry")).toHaveCount(1);
  await settings.getByLabel("Expiry").selectOption("7d");
  await expect(settings.getByText(/^Expires /)).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(200);

  // Back to the people with the link: the public address stops working.
  await share.click();
  await expect(share).toBeChecked();
  await expect(address).toHaveCount(0);
  await expect(panel.getByRole("region", { name: "Share settings" })).toBeVisible();
  await expect(panel.getByLabel("Expiry")).toHaveCount(1);
  await expect.poll(async () => (await page.request.get(url)).status()).toBe(404);
  await close();
});
