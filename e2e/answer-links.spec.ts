// Links to one answer in Chromium: a reader copies the link of one answer of a long post, opens
// it and lands on that answer, highlighted; comments on that answer and sees the comment beside
// it and, marked 'on answer 5', in the post's comments; an anonymous reader of the post's public
// link lands on the same answer.
import { expect, test } from "@playwright/test";
import { api } from "./support/api";
import { createAccount, newAccount, openSignedIn } from "./support/accounts";

test("copy an answer's link, land on it highlighted, and comment beside it", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const author = await createAccount(baseURL, newAccount("answers-author"));
  const reader = await createAccount(baseURL, newAccount("answers-reader"));

  // A post long enough that its fifth answer starts below the fold, with a public link.
  const writing = await openSignedIn(browser, baseURL, author);
  await writing.page.goto("/chat");
  await expect(writing.page.getByPlaceholder("Type your message here...")).toBeVisible({ timeout: 20_000 });
  let sessionId = 0;
  for (let turn = 1; turn <= 7; turn++) {
    const sent = await api(writing.page, "POST", "/chat/postChat", {
      messages: [{ content: `Question number ${turn}: tell me a long story.` }],
      model_id: "demo:parley-demo",
      session_id: sessionId,
      category: "general",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    sessionId = sent.body.session_id as number;
  }
  const posted = await api(writing.page, "POST", "/post/postChat", {
    chat_id: sessionId,
    description: `Seven questions ${Date.now().toString(36)}`,
    categories: ["general"],
  });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  const postId = posted.body.post_id as number;
  const link = await api(writing.page, "POST", `/post/publicLink/${postId}`, { enabled: true });
  const publicPath = link.body.path as string;
  await writing.close();

  const { page, close } = await openSignedIn(browser, baseURL, reader, { width: 1280, height: 800 });
  await page.goto(`/post/${postId}`);
  const fifth = page.locator("#answer-5");
  await fifth.scrollIntoViewIfNeeded();
  await fifth.hover();
  await fifth.getByRole("button", { name: "Copy link to answer 5" }).click();
  await expect(fifth.getByRole("status")).toHaveText("Link copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${new URL(baseURL!).origin}/post/${postId}?answer=5`);

  // Opened afresh, the page scrolls to the answer, marks it and moves the focus there.
  await page.goto("about:blank");
  await page.goto(copied);
  const landed = page.locator('[aria-current="location"]');
  await expect(landed).toHaveCount(1);
  await expect(landed).toHaveAttribute("id", "answer-5");
  await expect(landed).toBeInViewport();
  await expect(landed).toBeFocused();
  await expect(page.locator("#answer-1")).not.toBeInViewport();

  // A comment on that answer shows beside it, and in the post's comments marked with its answer.
  await landed.getByRole("button", { name: /^Comment on this answer/ }).click();
  await landed.getByRole("textbox", { name: "Comment on answer 5" }).fill("The fifth story is the best one.");
  await landed.getByRole("button", { name: "Send" }).click();
  const beside = landed.getByRole("region", { name: "Comments on answer 5" });
  await expect(beside.getByText("The fifth story is the best one.")).toBeVisible();
  await expect(landed.getByRole("button", { name: /^Comments on this answer \(1\)/ })).toBeVisible();
  await expect(page.locator("#answer-4").getByText("The fifth story is the best one.")).toHaveCount(0);
  await page.getByRole("button", { name: "Comments (1)" }).click();
  const listed = page.getByRole("list", { name: "Comments" }).first().getByRole("listitem").filter({ hasText: "The fifth story is the best one." });
  await listed.getByRole("link", { name: "on answer 5" }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}\\?answer=5$`));
  await close();

  // The public link to the same answer, read without an account.
  const anonymous = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const visitor = await anonymous.newPage();
  await visitor.goto(`${publicPath}?answer=5`);
  const publicAnswer = visitor.locator('[aria-current="location"]');
  await expect(publicAnswer).toHaveAttribute("id", "answer-5");
  await expect(publicAnswer).toBeInViewport();
  await anonymous.close();
});
