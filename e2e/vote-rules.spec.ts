// Votes from new accounts in Chromium, on a server of this file's own that makes them wait a day
// (VOTE_MIN_ACCOUNT_AGE_HOURS=24: the shared e2e servers count every vote at once): after a vote
// on a comparison post, and after a battle's verdict, the page says the vote is kept and when it
// will count, never a tally of 0 votes nor that the verdict counted.
import { expect, test, type Page } from "@playwright/test";
import { ownServer } from "./support/own-server";
import { api } from "./support/api";
import { createAccount, newAccount, openSignedIn, type StorageState } from "./support/accounts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const WIDE = { width: 1400, height: 900 };
/** How long a new account's votes wait before they count, on this file's server. */
const WAIT_HOURS = 24;

const own = ownServer(60, { E2E_VOTE_MIN_ACCOUNT_AGE_HOURS: String(WAIT_HOURS) });
let author: StorageState;
let reader: StorageState;

test.beforeAll(async () => {
  author = await createAccount(own.origin, newAccount("waits-author"));
  reader = await createAccount(own.origin, newAccount("waits-reader"));
});

/** A moment as the page shows it: the browser's local date and time (lib/time's localTime). */
const shownAs = (page: Page, iso: string) => page.evaluate((at) => new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }), iso);

test("after a vote on a comparison post, a new account is told when its vote will count, not '0 votes so far'", async ({ browser }) => {
  const writing = await openSignedIn(browser, own.origin, author, WIDE);
  await writing.page.goto("/chat");
  // Two rated models of the author's own (a local fake of OpenAI's service).
  expect((await api(writing.page, "POST", "/user/updateUserApiKeys", { open_ai_key: "sk-e2e-waits-00000000000000000001" })).status).toBe(200);
  const compared = await api(writing.page, "POST", "/chat/compare", {
    messages: [{ content: "Name a river." }],
    model_ids: ["openai:gpt-4o-mini", "openai:gpt-4o"],
  });
  expect(compared.status, JSON.stringify(compared.body)).toBe(200);
  const posted = await api(writing.page, "POST", "/post/postChat", {
    chat_id: compared.body.session_id as number,
    description: `Rivers ${Date.now().toString(36)}`,
    categories: ["general"],
  });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  await writing.close();

  const { page, close } = await openSignedIn(browser, own.origin, reader, WIDE);
  const postPath = `/post/${posted.body.post_id as number}`;
  await page.goto(postPath);
  await expect(page.getByText(/The models stay hidden behind the labels A, B until you vote/)).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "Vote for this answer (answer A)" }).click();
  await expect(page.getByRole("heading", { name: /^Answer A · GPT-4o( mini)?$/ })).toBeVisible();
  // The vote waits for the account's age: the page says from when it counts, in local time.
  const comparison = (await api(page, "GET", `/post/getPost/${posted.body.post_id as number}`)).body.comparison as {
    my_vote_left_out: string | null;
    my_vote_counts_at: string | null;
  };
  expect(comparison.my_vote_left_out).toBe("waiting");
  const when = await shownAs(page, comparison.my_vote_counts_at!);
  const status = page.getByRole("status").filter({ hasText: "Thanks for voting." });
  await expect(status).toHaveText(
    `Thanks for voting. Your vote is kept and counts from ${when}, once your account is old enough: votes from new accounts wait before they count. Votes are final: only votes cast before the models are shown count.`,
  );
  await expect(page.locator("main")).not.toContainText("0 votes so far");
  await page.reload();
  await expect(status).toHaveText(
    new RegExp(`^Thanks for voting\\. Your vote is kept and counts from ${when.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}, once your account is old enough`),
  );
  await expect(page.locator("main")).not.toContainText("0 votes so far");
  await close();
});

test("after a battle's verdict, a new account is told when the verdict will count, as a comparison post says of a vote", async ({ browser }) => {
  const { page, close } = await openSignedIn(browser, own.origin, reader, WIDE);
  await page.goto("/chat");
  await expect(page.getByPlaceholder("Type your message here...")).toBeVisible({ timeout: 15_000 });
  // Two models a battle can draw, on the reader's own OpenAI key (the offline demo never is).
  expect((await api(page, "POST", "/user/updateUserApiKeys", { open_ai_key: "sk-e2e-waits-00000000000000000002" })).status).toBe(200);
  await page.reload();
  await page.getByRole("button", { name: "Battle", exact: true }).click();
  const input = page.getByPlaceholder("Type your message here...");
  await input.fill("Name a lake.");
  await input.press("Enter");
  const verdict = page.getByRole("group", { name: "Your verdict" });
  await expect(verdict).toBeVisible({ timeout: 30_000 });
  await verdict.getByRole("button", { name: "A is better" }).click();
  const status = page.getByRole("status").filter({ hasText: "Your verdict: A is better." });
  await expect(status).toBeVisible();
  // The verdict's own answer says it waits, and from when it counts, as the post vote's does.
  const battleId = Number(new URL(page.url()).searchParams.get("sessionId"));
  const stored = (await api(page, "GET", `/chat/battles/${battleId}`)).body.verdict as { counted: boolean; left_out: string | null; counts_at: string | null };
  expect(stored).toMatchObject({ counted: false, left_out: "waiting" });
  const when = await shownAs(page, stored.counts_at!);
  const note = `Your verdict is kept and counts on the leaderboard from ${when}, once your account is old enough: votes from new accounts wait before they count.`;
  await expect(status).toContainText(note);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "Your verdict: A is better." })).toContainText(note, { timeout: 15_000 });
  await close();
});
