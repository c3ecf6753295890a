// The community screens in Chromium: post a conversation, find it on Discover, filter, like,
// comment (its avatar opens the creator page), fork it and post the fork, and delete it as its author.
import { expect, test } from "@playwright/test";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

test.describe.configure({ mode: "serial" });

let author: StorageState;
let reader: StorageState;
let postPath = "";
// A retry runs the whole serial group again and posts again: each run's post has its own words.
const DESCRIPTION = `Sky colours, explained ${Date.now().toString(36)}`;
const FORK_DESCRIPTION = `The reader's own take ${Date.now().toString(36)}`;
test.beforeAll(async () => {
  const testInfo = test.info();
  author = await createAccount(testInfo.project.use.baseURL, newAccount("author"));
  reader = await createAccount(testInfo.project.use.baseURL, newAccount("reader"));
});

test("the author posts a conversation and lands on its page", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await page.goto("/chat");
  await page.getByPlaceholder("Type your message here...").fill("Why is the sky blue?");
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
  await page.getByPlaceholder("Type your message here...").press("Enter");
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Category").selectOption("technology");
  await page.getByLabel("Description").fill(DESCRIPTION);
  await page.getByRole("button", { name: "Post Conversation" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 15_000 });
  postPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: "Post", exact: true })).toBeVisible();
  await expect(page.getByText("View this shared conversation")).toBeVisible();
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  await expect(page.getByText(/Using parley-demo/)).toBeVisible();
  await expect(page.getByText("#technology")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Conversation" })).toBeVisible();
  await expect(page.getByText("Why is the sky blue?").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await close();
});

test("a reader finds it on Discover, filters, likes it and comments", async ({ browser, baseURL }) => {
  // Discover, filters, a like, a reload, an accessibility check, a comment and a clone: a long walk.
  test.setTimeout(60_000);
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  await page.goto("/discover");
  await expect(page.getByRole("heading", { name: "Discover" })).toBeVisible();
  await expect(page.getByText("Explore conversations and insights from the AI community")).toBeVisible();
  const item = page.getByRole("article").filter({ hasText: DESCRIPTION });
  await expect(item).toBeVisible();
  await expect(item.getByRole("button", { name: "Delete" })).toHaveCount(0);

  // Technical shows technology posts; Creative (entertainment) does not show this one.
  await page.getByRole("button", { name: "Technical" }).click();
  await expect(item).toBeVisible();
  await page.getByRole("button", { name: "Creative" }).click();
  await expect(item).toHaveCount(0);
  await page.getByRole("button", { name: "All" }).click();
  await expect(item).toBeVisible();

  await item.getByRole("button", { name: /^Like/ }).click();
  await expect(item.getByRole("button", { name: /^Unlike/ })).toHaveAttribute("aria-pressed", "true");
  await expect(item.getByRole("button", { name: /^Unlike/ })).toContainText("1");
  await page.reload();
  await expect(
    page
      .getByRole("article")
      .filter({ hasText: DESCRIPTION })
      .getByRole("button", { name: /^Unlike/ }),
  ).toContainText("1");
  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole("article")
    .filter({ hasText: DESCRIPTION })
    .getByRole("link", { name: /Sky colours/ })
    .click();
  await expect(page).toHaveURL(postPath);
  await page.getByRole("button", { name: "Comments (0)" }).click();
  await expect(page.getByText("No comments yet. Be the first to comment!")).toBeVisible();
  await page.getByPlaceholder("Add a comment...").fill("Rayleigh scattering, nice!");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("button", { name: "Comments (1)" })).toBeVisible();
  await expect(page.getByText("Rayleigh scattering, nice!")).toBeVisible();
  // The comment's avatar, like its author's name, opens the author's creator page.
  const comment = page.getByRole("list", { name: "Comments" }).getByRole("listitem").filter({ hasText: "Rayleigh scattering, nice!" });
  const creatorHref = await comment.getByRole("link", { name: /^reader-/ }).getAttribute("href");
  expect(creatorHref).toMatch(/^\/u\//);
  // The avatar is the comment's first element (a picture without text of its own).
  await comment.locator(":scope > :first-child").click();
  await expect(page).toHaveURL(creatorHref!);
  await page.goBack();
  await expect(page).toHaveURL(postPath);

  await page.getByRole("link", { name: "Interact with this conversation" }).click();
  await expect(page).toHaveURL(/\/chat\?sessionId=\d+$/, { timeout: 15_000 });
  expect(dialogs).toContain("Creating a clone of this chat. Please wait a moment...");
  await expect(page.getByRole("article", { name: /^author-.* said$/ }).filter({ hasText: "Why is the sky blue?" })).toBeVisible();

  // Posted, the fork names its model and keeps the original's category; the original counts it at once.
  await page.getByLabel("Description").fill(FORK_DESCRIPTION);
  await page.getByRole("button", { name: "Post Conversation" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 15_000 });
  await expect(page.getByText(/Using parley-demo/)).toBeVisible();
  await expect(page.getByText("#technology")).toBeVisible();
  await expect(page.getByText("Parley Demo (offline)").first()).toBeVisible();
  await expect(page.getByText(/^Using AI/)).toHaveCount(0);
  await page.getByRole("navigation", { name: "Forks" }).getByRole("link", { name: DESCRIPTION }).click();
  await expect(page).toHaveURL(postPath);
  await expect(page.getByText("Forked once. Published forks:")).toBeVisible();
  await expect(page.getByRole("link", { name: FORK_DESCRIPTION })).toBeVisible();
  await close();
});

test("the author deletes it from its page and it is gone from Discover", async ({ browser, baseURL }) => {
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await page.goto(postPath);
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/discover$/);
  expect(dialogs).toContain("Are you sure you want to delete this post?");
  await expect(page.getByText(DESCRIPTION)).toHaveCount(0);
  await page.goto(postPath);
  await expect(page.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
  await close();
});
