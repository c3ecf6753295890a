// Comparison posts in Chromium: the author compares three models (through the compare API the
// chat screen uses) and posts it; a reader finds the 'Compare: 3 models' card, reads the answers
// blind, votes, sees the models and the tally (a vote is final), reads it on a phone with tabs,
// sees the Leaderboard move and forks the comparison into their own chat.
import { expect, test, type Page } from "@playwright/test";
import { api } from "./support/api";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

test.describe.configure({ mode: "serial" });

const DEMO = "Parley Demo (offline)";
const PROMPT = "Explain recursion to a five-year-old.";
// A retry runs the whole serial group again and posts again: each run's post has its own words.
const DESCRIPTION = `Recursion for kids, three models ${Date.now().toString(36)}`;

let author: StorageState;
let reader: StorageState;
let postPath = "";
/** The reader's fork of the comparison (a chat session), posted in the last test. */
let forkSessionId = 0;
/** The demo model's answer, as the author posted it. */
let demoAnswer = "";
/** The demo model's votes on comparison posts before this run votes (a retry meets the first attempt's votes). */
let before = { won: 0, cast: 0 };

type BoardRow = { model_id: string; model_name: string; votes_won: number; votes_cast: number; win_rate: number };

/**
 * The demo model's votes won and cast on comparison posts, read from one fit: its row of the
 * overall board less the battle votes showing it, which the votes download of the same fit lists.
 * Battles (battles.spec.ts, on the same server, at the same time) may battle the demo model and
 * vote at any moment, so the board's row alone is not this spec's to count.
 */
async function demoPostVotes(page: Page) {
  for (;;) {
    const board = (await api(page, "GET", "/post/leaderboard")).body as { fitted_at: string | null; models: BoardRow[] };
    const download = (await api(page, "GET", "/post/leaderboard/votes?format=json")).body as { fitted_at: string | null; votes: { source: string; models: string[]; choice: string }[] };
    // A refit between the two reads: read both again.
    if (board.fitted_at !== download.fitted_at) continue;
    const row = board.models.find((r) => r.model_name === DEMO);
    if (!row) return { won: 0, cast: 0, row };
    const battles = download.votes.filter((vote) => vote.source === "battle" && vote.models.includes(row.model_id));
    const battlesWon = battles.filter((vote) => vote.choice === "ABCDEFGH"[vote.models.indexOf(row.model_id)]).length;
    return { won: row.votes_won - battlesWon, cast: row.votes_cast - battles.length, row };
  }
}
test.beforeAll(async () => {
  const testInfo = test.info();
  // Two sign-ups through the real pages (password hashing included) on a shared, busy machine.
  test.setTimeout(120_000);
  author = await createAccount(testInfo.project.use.baseURL, newAccount("comparer"));
  reader = await createAccount(testInfo.project.use.baseURL, newAccount("voter"));
});

test("Discover has a Leaderboard view, empty before any vote", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, reader, { width: 1280, height: 900 });
  await page.goto("/discover");
  const tabs = page.getByRole("navigation", { name: "Discover" });
  await expect(tabs.getByRole("link", { name: "Posts" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Leaderboard" }).click();
  await expect(page).toHaveURL(/\/discover\/leaderboard$/);
  await expect(page.getByRole("heading", { name: "Leaderboard" })).toBeVisible();
  // The table's caption repeats this line once there are rows (a retry meets earlier votes).
  await expect(page.getByText("Models ranked by the votes they won on comparison posts").first()).toBeVisible();
  const { won, cast } = await demoPostVotes(page);
  before = { won, cast };
  // A fresh database has no votes; a retry of this group meets the votes of its first attempt.
  if (test.info().retry === 0) {
    // Battles (battles.spec.ts, on the same server, perhaps already run) feed the overall board and
    // carry no category; no comparison post has a vote yet, so a category's board is empty.
    expect((await api(page, "GET", "/post/leaderboard?category=education")).body.models).toEqual([]);
    // The categories a post can carry, named as the chat names them; no feed-only groups.
    await expect(page.getByLabel("Category").getByRole("option")).toHaveText(["All categories", "General", "Technology", "Education", "Health", "Business", "Entertainment"]);
    await page.getByLabel("Category").selectOption("education");
    await expect(page.getByText("No votes yet: vote on comparison posts to rank the models.")).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("navigation", { name: "Discover" }).getByRole("link", { name: "Posts" }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await close();
});

test("the author compares three models and posts the comparison", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { page, close } = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await page.goto("/chat");
  await expect(page.getByPlaceholder("Type your message here...")).toBeVisible({ timeout: 15_000 });
  // An own OpenAI key offers OpenAI's models (a local fake of OpenAI's service in the browser
  // tests) next to the demo model.
  expect((await api(page, "POST", "/user/updateUserApiKeys", { open_ai_key: "sk-e2e-compare-000000000000000000" })).status).toBe(200);
  const options = await api(page, "GET", "/chat/getPromptsAndModels");
  const models = (options.body.userModels as { id: string; name: string }[]).map((m) => m.id);
  const demo = models.find((id) => id.startsWith("demo:"))!;
  const modelIds = [demo, ...models.filter((id) => id !== demo).slice(0, 2)];
  expect(modelIds).toHaveLength(3);

  const compared = await api(page, "POST", "/chat/compare", { messages: [{ content: PROMPT }], model_ids: modelIds });
  expect(compared.status, JSON.stringify(compared.body)).toBe(200);
  const sessionId = compared.body.session_id as number;
  const posted = await api(page, "POST", "/post/postChat", { chat_id: sessionId, description: DESCRIPTION, categories: ["education"] });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  postPath = `/post/${posted.body.post_id as number}`;
  const stored = (await api(page, "GET", `/post/getPost/${posted.body.post_id as number}`)).body.comparison as { turns: { answers: { content: string }[] }[] };
  // The author is shown the columns in the order they made: the demo model's is the first.
  demoAnswer = stored.turns[0]!.answers[0]!.content;

  // The author made the comparison: the models are named for them, and they do not vote.
  await page.goto(postPath);
  await expect(page.getByRole("heading", { name: "Comparison of 3 models" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Compare: 3 models")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Answer A · ${DEMO}` })).toBeVisible();
  await expect(page.getByText("You made this comparison, so the models are named for you.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Vote for this answer/ })).toHaveCount(0);
  await close();
});

test("a reader finds the card, reads blind, votes, sees the models and tally, and the vote is final", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  await page.goto("/discover");
  const card = page.getByRole("article").filter({ hasText: DESCRIPTION });
  await expect(card.getByText("Compare: 3 models")).toBeVisible();
  await expect(card).not.toContainText(DEMO);
  await card.getByRole("link", { name: DESCRIPTION }).click();
  await expect(page).toHaveURL(postPath);

  for (const label of ["A", "B", "C"]) await expect(page.getByRole("heading", { name: `Answer ${label}`, exact: true })).toBeVisible();
  await expect(page.getByText(PROMPT, { exact: true })).toBeVisible();
  await expect(page.getByText(/The models stay hidden behind the labels A, B, C until you vote/)).toBeVisible();
  await expect(page.locator("main")).not.toContainText(DEMO);
  await expect(page.getByText(/^Using /)).toHaveCount(0);
  // A copy would name the models: it waits for the vote.
  await expect(page.getByRole("link", { name: "Interact with this conversation" })).toHaveCount(0);
  await expect(page.getByText("Vote first to continue this comparison in your own chat: your copy names each answer's model.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Each reader is shown the answers in an order of their own, labelled A, B, C in that order:
  // the reader votes for the demo model's answer, wherever it is shown to them.
  const shown = (await api(page, "GET", postPath.replace("/post/", "/post/getPost/"))).body.comparison as { turns: { answers: { content: string }[] }[] };
  const label = "ABC"[shown.turns[0]!.answers.findIndex((answer) => answer.content === demoAnswer)]!;
  expect(label).toBeDefined();
  await page.getByRole("button", { name: `Vote for this answer (answer ${label})` }).click();
  await expect(page.getByRole("heading", { name: `Answer ${label} · ${DEMO}` })).toBeVisible();
  await expect(page.getByText("1 vote (100%) · Your vote")).toBeVisible();
  await expect(page.getByText("Thanks for voting. 1 vote so far. Votes are final: only votes cast before the models are shown count.")).toBeVisible();
  // Only a blind vote counts: once the models are shown there is nothing more to vote.
  await expect(page.getByRole("button", { name: /^Vote for this answer/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Interact with this conversation" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(page.getByText("1 vote (100%) · Your vote")).toBeVisible();
  await close();
});

test("on a phone the answers are tabs, one column at a time", async ({ browser, baseURL }) => {
  const { page, close } = await openSignedIn(browser, baseURL, reader, { width: 390, height: 844 });
  await page.goto(postPath);
  const tabs = page.getByRole("tablist", { name: "Answers" });
  await expect(tabs.getByRole("tab")).toHaveCount(3);
  await expect(tabs.getByRole("tab", { name: DEMO })).toHaveCount(1);
  await expect(tabs.getByRole("tab").first()).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("article", { name: /^Answer A · .+ said$/ })).toBeVisible();
  await tabs.getByRole("tab").nth(1).click();
  await expect(tabs.getByRole("tab").nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("article", { name: /^Answer A · .+ said$/ })).toHaveCount(0);
  await expect(page.getByRole("article", { name: /^Answer B · .+ said$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await close();
});

test("the leaderboard counts the vote, overall and in the post's category; the reader forks the comparison", async ({ browser, baseURL }) => {
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  await page.goto("/discover/leaderboard");
  // The ratings table (the pairwise table below it has a row per model too).
  const ratings = page.getByRole("table", { name: "Models ranked by the votes they won on comparison posts" });
  const row = ratings.getByRole("row").filter({ has: page.getByRole("rowheader", { name: DEMO }) });
  // The reader's one vote went to the demo model's column: one more post vote won and cast. The
  // board is refitted in the background (every 3 seconds for these tests): wait for the fit that counts it.
  await expect.poll(async () => { const { won, cast } = await demoPostVotes(page); return { won, cast }; }, { timeout: 15_000 }).toEqual({ won: before.won + 1, cast: before.cast + 1 });
  // Rank range, rating, its 95% interval, votes, win rate, as the fit the page shows has them (a
  // battle's vote may come with the next refit); few votes make the row provisional.
  await expect(async () => {
    const shown = (await demoPostVotes(page)).row!;
    await page.reload();
    await expect(row.getByRole("cell")).toHaveText([/^1(–\d)?$/, /^\d+$/, /^\d+ to \d+$/, String(shown.votes_cast), `${(shown.win_rate * 100).toFixed(1)}%`], { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByText("Provisional")).toBeVisible();
  await page.getByRole("link", { name: "How is this computed?" }).click();
  await expect(page.getByRole("heading", { name: "How is this computed?" })).toBeInViewport();
  await expect(page.getByRole("table", { name: /Share of the votes showing both models/ })).toBeVisible();
  // The categories a post can carry, named as the chat names them; no feed-only groups.
  await expect(page.getByLabel("Category").getByRole("option")).toHaveText(["All categories", "General", "Technology", "Education", "Health", "Business", "Entertainment"]);
  await page.getByLabel("Category").selectOption("education");
  await expect(row).toBeVisible();
  await page.getByLabel("Category").selectOption("technology");
  await expect(page.getByText("No votes yet: vote on comparison posts to rank the models.")).toBeVisible();

  await page.goto(postPath);
  await page.getByRole("link", { name: "Interact with this conversation" }).click();
  await expect(page).toHaveURL(/\/chat\?sessionId=\d+$/, { timeout: 15_000 });
  forkSessionId = Number(new URL(page.url()).searchParams.get("sessionId"));
  expect(dialogs).toContain("Creating a clone of this chat. Please wait a moment...");
  await expect(page.getByText(PROMPT).first()).toBeVisible();
  // The reader has no OpenAI key: the two OpenAI columns stay, marked as not available, and a
  // follow-up (which goes to every column) waits; the demo column can be continued alone.
  const columns = page.getByRole("region", { name: / \(column \d\)$/ });
  await expect(columns).toHaveCount(3);
  await expect(columns.filter({ hasText: "Not available to you" })).toHaveCount(2);
  await expect(page.getByRole("region", { name: `${DEMO} (column 1)` })).not.toContainText("Not available to you");
  await expect(page.getByRole("status").filter({ hasText: "not available to you, so a follow-up cannot go to every model" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Continue with this model/ })).toHaveCount(1);
  await expect(page.getByRole("button", { name: `Continue with this model (${DEMO})` })).toBeVisible();
  await page.getByPlaceholder("Type your message here...").fill("And a follow-up?");
  await expect(page.getByRole("button", { name: "Send message" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await close();
});

test("the reader posts the fork; its original's author reads it with the models named and nothing to vote: a comparison and its forks are one blind set", async ({ browser, baseURL }) => {
  const reading = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  await reading.page.goto(postPath);
  const posted = await api(reading.page, "POST", "/post/postChat", { chat_id: forkSessionId, description: `${DESCRIPTION}, forked`, categories: ["education"] });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  await reading.close();

  const { page, close } = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await page.goto(`/post/${posted.body.post_id as number}`);
  await expect(page.getByRole("heading", { name: "Comparison of 3 models" })).toBeVisible({ timeout: 15_000 });
  // The author made the original: the fork's models (same columns) are no secret to them. They
  // did not make the fork, so they are shown its answers in an order of their own.
  await expect(page.getByRole("heading", { name: /^Answer [ABC] · Parley Demo \(offline\)$/ })).toBeVisible();
  await expect(page.getByText(/^You already know which model wrote each answer: you voted on or made a comparison this one was forked from or into/)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Vote for this answer/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Open that comparison" }).click();
  await expect(page).toHaveURL(postPath);
  await expect(page.getByText("You made this comparison, so the models are named for you.")).toBeVisible();
  await close();
});
