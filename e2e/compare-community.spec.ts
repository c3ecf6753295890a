// Comparison posts in Chromium: the author compares three models (through the compare API the
// chat screen uses) and posts it; a reader finds the 'Compare: 3 models' card, reads the answers
// blind, votes, sees the models and the tally (a vote is final), reads it on a phone with tabs,
// and forks the comparison into their own chat. That comparison has the offline demo model,
// which is never rated: the page says so after the vote, and the vote stays off the Leaderboard;
// the reader's vote on a second comparison, of two rated models, moves it.
import { expect, test, type Page } from "@playwright/test";
import { api } from "./support/api";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

test.describe.configure({ mode: "serial" });

const DEMO = "Parley Demo (offline)";
/** The rated model the reader votes for on the second comparison (a local fake of Anthropic's service, with the author's own key). */
const CLAUDE = "Claude Haiku 4.5";
/** What the board says of the votes it leaves out because the demo model is not rated. */
const UNRATED_LINE = / votes? on comparisons with the offline demo model, which is not rated \(it only repeats what it is asked\)/;
const PROMPT = "Explain recursion to a five-year-old.";
// A retry runs the whole serial group again and posts again: each run's post has its own words.
const DESCRIPTION = `Recursion for kids, three models ${Date.now().toString(36)}`;
const RATED_DESCRIPTION = `Recursion for kids, two rated models ${Date.now().toString(36)}`;

let author: StorageState;
let reader: StorageState;
let postPath = "";
/** The second comparison: two rated models, whose votes the board counts. */
let ratedPostPath = "";
/** The reader's fork of the comparison (a chat session), posted in the last test. */
let forkSessionId = 0;
/** The demo model's answer, as the author posted it. */
let demoAnswer = "";
/** Claude's votes on comparison posts before this run votes (a retry meets the first attempt's votes). */
let before = { won: 0, cast: 0 };

type BoardRow = { model_id: string; model_name: string; votes_won: number; votes_cast: number; win_rate: number };

/**
 * A model's votes won and cast on comparison posts, read from one fit: its row of the overall
 * board less the battle votes showing it, which the votes download of the same fit lists.
 * Battles (battles.spec.ts, on the same server, at the same time) may battle the model and
 * vote at any moment, so the board's row alone is not this spec's to count.
 */
async function postVotesOf(page: Page, name: string) {
  for (;;) {
    const board = (await api(page, "GET", "/post/leaderboard")).body as { fitted_at: string | null; models: BoardRow[] };
    const download = (await api(page, "GET", "/post/leaderboard/votes?format=json")).body as {
      fitted_at: string | null;
      votes: { source: string; models: string[]; choice: string }[];
    };
    // A refit between the two reads: read both again.
    if (board.fitted_at !== download.fitted_at) continue;
    const row = board.models.find((r) => r.model_name === name);
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
  const { won, cast } = await postVotesOf(page, CLAUDE);
  before = { won, cast };
  // The offline demo model is never rated, whatever votes earlier specs or attempts cast.
  expect((await postVotesOf(page, DEMO)).row).toBeUndefined();
  // A fresh database has no votes; a retry of this group meets the votes of its first attempt.
  if (test.info().retry === 0) {
    // Battles (battles.spec.ts, on the same server, perhaps already run) feed the overall board and
    // carry no category; no comparison post has a vote yet, so a category's board is empty.
    expect((await api(page, "GET", "/post/leaderboard?category=education")).body.models).toEqual([]);
    // The categories a post can carry, named as the chat names them; no feed-only groups.
    await expect(page.getByLabel("Category").getByRole("option")).toHaveText([
      "All categories",
      "General",
      "Technology",
      "Education",
      "Health",
      "Business",
      "Entertainment",
    ]);
    await page.getByLabel("Category").selectOption("education");
    await expect(page.getByText("No votes yet: vote on comparison posts to rank the models.")).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("navigation", { name: "Discover" }).getByRole("link", { name: "Posts" }).click();
  await expect(page).toHaveURL(/\/discover$/);
  await close();
});

test("the author compares three models and posts the comparison, and posts a second of two rated models", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { page, close } = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await page.goto("/chat");
  await expect(page.getByPlaceholder("Type your message here...")).toBeVisible({ timeout: 15_000 });
  // Own OpenAI and Anthropic keys offer their models (local fakes of OpenAI's and Anthropic's
  // services in the browser tests) next to the demo model.
  expect(
    (
      await api(page, "POST", "/user/updateUserApiKeys", {
        open_ai_key: "sk-e2e-compare-000000000000000000",
        claude_api_key: "sk-ant-e2e-compare-0000000000000000",
      })
    ).status,
  ).toBe(200);
  const options = await api(page, "GET", "/chat/getPromptsAndModels");
  const models = options.body.userModels as { id: string; name: string }[];
  const idOf = (name: string) => models.find((m) => m.name === name)!.id;
  // The demo model and the two OpenAI ones (the reader, with no key, can continue only the demo's column).
  const modelIds = [idOf(DEMO), idOf("GPT-4o mini"), idOf("GPT-4o")];
  expect(modelIds.every(Boolean)).toBe(true);

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
  // Named for its author, the demo model is the one not rated.
  await expect(page.getByText(/ · not rated$/)).toHaveCount(1);
  await expect(
    page.getByText(`${DEMO} only repeats what it is asked, so it is not rated: votes on this comparison count here but not on the Leaderboard.`),
  ).toBeVisible();

  // The second comparison: two rated models, with answers of their own.
  const rated = await api(page, "POST", "/chat/compare", { messages: [{ content: PROMPT }], model_ids: [idOf("GPT-4o mini"), idOf(CLAUDE)] });
  expect(rated.status, JSON.stringify(rated.body)).toBe(200);
  const ratedPost = await api(page, "POST", "/post/postChat", {
    chat_id: rated.body.session_id as number,
    description: RATED_DESCRIPTION,
    categories: ["education"],
  });
  expect(ratedPost.status, JSON.stringify(ratedPost.body)).toBe(200);
  ratedPostPath = `/post/${ratedPost.body.post_id as number}`;
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
  await expect(page.getByText("1 vote (100%) · Your vote · not rated")).toBeVisible();
  // The tally counts the vote; the Leaderboard does not, as the demo model is not rated (and only its column says so).
  await expect(page.getByText(/ · not rated$/)).toHaveCount(1);
  await expect(
    page.getByText(
      `Thanks for voting. 1 vote so far. Votes are final: only votes cast before the models are shown count. ${DEMO} only repeats what it is asked, so it is not rated: votes on this comparison count here but not on the Leaderboard.`,
    ),
  ).toBeVisible();
  // Only a blind vote counts: once the models are shown there is nothing more to vote.
  await expect(page.getByRole("button", { name: /^Vote for this answer/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Interact with this conversation" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(page.getByText("1 vote (100%) · Your vote · not rated")).toBeVisible();
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

test("the leaderboard counts the vote on rated models, overall and in the post's category, and never rates the demo model; the reader forks the comparison", async ({
  browser,
  baseURL,
}) => {
  const { page, dialogs, close } = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  // The reader votes for Claude's answer on the comparison of two rated models, wherever it is shown to them.
  await page.goto(ratedPostPath);
  await expect(page.getByRole("heading", { name: "Comparison of 2 models" })).toBeVisible({ timeout: 15_000 });
  const shown = (await api(page, "GET", ratedPostPath.replace("/post/", "/post/getPost/"))).body.comparison as { turns: { answers: { content: string }[] }[] };
  const label = "AB"[shown.turns[0]!.answers.findIndex((answer) => answer.content.startsWith("Claude fake"))]!;
  expect(label).toBeDefined();
  await page.getByRole("button", { name: `Vote for this answer (answer ${label})` }).click();
  await expect(page.getByRole("heading", { name: `Answer ${label} · ${CLAUDE}` })).toBeVisible();
  await expect(
    page.getByText("Thanks for voting. 1 vote so far. Votes are final: only votes cast before the models are shown count.", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(/not rated/)).toHaveCount(0);

  await page.goto("/discover/leaderboard");
  // The ratings table (the pairwise table below it has a row per model too).
  const ratings = page.getByRole("table", { name: "Models ranked by the votes they won on comparison posts" });
  const row = ratings.getByRole("row").filter({ has: page.getByRole("rowheader", { name: CLAUDE }) });
  // The reader's vote went to Claude's column: one more post vote won and cast. The board is
  // refitted in the background (every 3 seconds for these tests): wait for the fit that counts it.
  await expect
    .poll(
      async () => {
        const { won, cast } = await postVotesOf(page, CLAUDE);
        return { won, cast };
      },
      { timeout: 15_000 },
    )
    .toEqual({ won: before.won + 1, cast: before.cast + 1 });
  // The vote for the demo model's answer is not rated: the board has no row for it, and says why it left the vote out.
  expect((await postVotesOf(page, DEMO)).row).toBeUndefined();
  await expect(ratings.getByRole("rowheader", { name: DEMO })).toHaveCount(0);
  await expect(page.getByText(UNRATED_LINE)).toBeVisible();
  // Rank range, rating, its 95% interval, votes, win rate, as the fit the page shows has them (a
  // battle's vote may come with the next refit); few votes make the row provisional.
  await expect(async () => {
    const shown = (await postVotesOf(page, CLAUDE)).row!;
    await page.reload();
    await expect(row.getByRole("cell")).toHaveText([/^1(–\d)?$/, /^\d+$/, /^\d+ to \d+$/, String(shown.votes_cast), `${(shown.win_rate * 100).toFixed(1)}%`], {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByText("Provisional")).toBeVisible();
  await page.getByRole("link", { name: "How is this computed?" }).click();
  await expect(page.getByRole("heading", { name: "How is this computed?" })).toBeInViewport();
  await expect(
    page.getByText(/The offline demo model only repeats what it is asked, so it is never rated: votes on comparisons that show it stay off the board\./),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: /Share of the votes showing both models/ })).toBeVisible();
  // The categories a post can carry, named as the chat names them; no feed-only groups.
  await expect(page.getByLabel("Category").getByRole("option")).toHaveText([
    "All categories",
    "General",
    "Technology",
    "Education",
    "Health",
    "Business",
    "Entertainment",
  ]);
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

test("the reader posts the fork; its original's author reads it with the models named and nothing to vote: a comparison and its forks are one blind set", async ({
  browser,
  baseURL,
}) => {
  const reading = await openSignedIn(browser, baseURL, reader, { width: 1400, height: 900 });
  await reading.page.goto(postPath);
  const posted = await api(reading.page, "POST", "/post/postChat", {
    chat_id: forkSessionId,
    description: `${DESCRIPTION}, forked`,
    categories: ["education"],
  });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  await reading.close();

  const { page, close } = await openSignedIn(browser, baseURL, author, { width: 1400, height: 900 });
  await page.goto(`/post/${posted.body.post_id as number}`);
  await expect(page.getByRole("heading", { name: "Comparison of 3 models" })).toBeVisible({ timeout: 15_000 });
  // The author made the original: the fork's models (same columns) are no secret to them. They
  // did not make the fork, so they are shown its answers in an order of their own.
  await expect(page.getByRole("heading", { name: /^Answer [ABC] · Parley Demo \(offline\)$/ })).toBeVisible();
  await expect(
    page.getByText(/^You already know which model wrote each answer: you voted on or made a comparison this one was forked from or into/),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Vote for this answer/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Open that comparison" }).click();
  await expect(page).toHaveURL(postPath);
  await expect(page.getByText("You made this comparison, so the models are named for you.")).toBeVisible();
  await close();
});
