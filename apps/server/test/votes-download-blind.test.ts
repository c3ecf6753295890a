import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refitLeaderboard } from "@parley/api";
import { createChatApp, MODEL } from "./support/chat-fixture";
import { insertComparisonSession, voteForColumn } from "./support/comparison-factory";

// The votes download and blind comparisons (docs/leaderboard.md, 'The votes, to recompute the
// board'): a reader who has not voted on a comparison sees its answers, so their lengths and
// markdown; nothing in the download may let them match those to the models, or tie a vote to
// its post, while the style view stays recomputable from what it lists.

let t: Awaited<ReturnType<typeof createChatApp>>;

type Vote = {
  comparison: string | null;
  source: string;
  models: string[];
  choice: string;
  category: string | null;
  day: string | null;
  lengths: number[] | null;
  markdown: number[] | null;
};
type Shown = { turns: { answers: { content: string }[] }[] };

const LONG = "# Plan\n- one\n- two\n- three\n\nA long answer, with a plan and a list of three steps to follow.";
const SHORT = "Short.";
const VOTERS = ["v0", "v1", "v2", "v3", "v4", "v5"];

/** A comparison post by `writer` whose columns are `models`, one turn with these answers. */
async function comparisonPost(models: string[], answers: string[], category: string) {
  const sessionId = await insertComparisonSession(t.db.db, "writer", models, [{ prompt: "Plan a day out", answers: answers.map((content) => ({ content })) }]);
  return (await t.call("writer", "POST", "/post/postChat", { chat_id: sessionId, description: "Plan a day out", categories: [category] })).body
    .post_id as number;
}

const download = async (name: string) => {
  const answer = await t.app.inject({ method: "GET", url: "/api/v1/post/leaderboard/votes?format=json", headers: t.as(name) });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { votes: Vote[] }).votes;
};

/** Each answer's length and markdown count (headers and list items), as the board measures them. */
const measures = (text: string) => ({
  length: [...text].length,
  markdown: text.split("\n").filter((line) => /^(#{1,6} |\s*([-*+]|\d+\.) )/.test(line)).length,
});
const relative = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.map((value) => (value - mean) / (mean + 1));
};
const rounded = (values: number[]) => values.map((x) => Math.sign(x) * Math.round(Math.abs(x) / 0.5) * 0.5 + 0);

/**
 * What a reader who has not voted learns of a comparison from the download: they read its
 * answers as shown to them, work out each one's figures (exact, and rounded as the board rounds
 * them) and look for votes of its category whose figures match in some order; each match names
 * the model of every answer they see. Returns the namings found, as the model of each shown answer.
 */
async function namings(reader: string, postId: number, votes: Vote[]) {
  const post = (await t.call(reader, "GET", `/post/getPost/${postId}`)).body as { comparison: Shown; categories: string[] };
  const shown = post.comparison.turns[0]!.answers.map((a) => measures(a.content));
  const mine = [relative(shown.map((m) => m.length)), relative(shown.map((m) => m.markdown))];
  const candidates = [mine, mine.map(rounded)];
  const found = new Set<string>();
  for (const vote of votes) {
    if (vote.models.length !== shown.length || vote.category !== post.categories[0] || !vote.lengths || !vote.markdown) continue;
    const orders =
      shown.length === 2
        ? [
            [0, 1],
            [1, 0],
          ]
        : [];
    for (const order of orders) {
      for (const [lengths, markdown] of candidates) {
        // Answer i as the reader sees it is the vote's answer order[i].
        const same = (theirs: number[], ours: number[]) => ours.every((x, i) => Math.abs(theirs[order[i]!]! - x) < 1e-6);
        if (same(vote.lengths, lengths!) && same(vote.markdown, markdown!)) found.add(order.map((i) => vote.models[i]).join(" / "));
      }
    }
  }
  return found;
}

let lone: number;
let pooled: number[];
beforeAll(async () => {
  t = await createChatApp();
  await Promise.all(["writer", "rae", ...VOTERS].map((name) => t.signUp(name)));
  // One comparison alone in its category, its answers plainly different: its figures are its own.
  lone = await comparisonPost([MODEL.platform, MODEL.claude], [LONG, SHORT], "health");
  for (const voter of VOTERS.slice(0, 4)) expect((await voteForColumn(t.db.db, t.call, voter, lone, 0)).status).toBe(200);
  // Six comparisons sharing their figures, the long answer by one model in some and by the other in others.
  pooled = [];
  for (let i = 0; i < 6; i++) {
    const models = i % 2 === 0 ? [MODEL.platform, MODEL.claude] : [MODEL.claude, MODEL.platform];
    const post = await comparisonPost(models, [`${LONG} (${i})`, `${SHORT}${i}`], "education");
    pooled.push(post);
    expect((await voteForColumn(t.db.db, t.call, VOTERS[i]!, post, i % 2)).status).toBe(200);
  }
  await refitLeaderboard(t.db.db);
});
afterAll(() => t.close());

describe("the votes download and blind comparisons", () => {
  it("lets a reader who has not voted match no comparison's answers to its models", async () => {
    const votes = await download("rae");
    expect(votes).toHaveLength(10);
    expect(await namings("rae", lone, votes)).toEqual(new Set());
    // Where the figures are listed (shared by enough comparisons), they fit either way round.
    for (const post of pooled) expect((await namings("rae", post, votes)).size).not.toBe(1);
  });

  it("ties no vote to its comparison or day for a reader who has not voted on it, and lists them by what they say, not by post", async () => {
    const votes = await download("rae");
    for (const vote of votes) expect(vote).toMatchObject({ comparison: null, day: null });
    const key = (vote: Vote) => JSON.stringify([vote.source, vote.models, vote.choice, vote.category, vote.lengths, vote.markdown, vote.day, vote.comparison]);
    expect(votes.map(key)).toEqual(votes.map(key).sort());
    // A voter knows the comparisons they voted on: theirs carry the hashed id and the day, the rest nothing.
    const v0 = await download("v0");
    const tied = v0.filter((vote) => vote.comparison !== null);
    expect(new Set(tied.map((vote) => vote.comparison)).size).toBe(2);
    expect(tied).toHaveLength(5);
    for (const vote of tied) expect(vote.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The writer made every comparison: all ten, in seven comparisons.
    const writer = await download("writer");
    expect(new Set(writer.map((vote) => vote.comparison)).size).toBe(7);
  });

  it("lists the style figures the style view is fitted on: rounded to 0.5, and only where 5 comparisons share them", async () => {
    const votes = await download("rae");
    const health = votes.filter((vote) => vote.category === "health");
    expect(health).toHaveLength(4);
    for (const vote of health) expect(vote).toMatchObject({ lengths: null, markdown: null });
    const education = votes.filter((vote) => vote.category === "education");
    expect(education).toHaveLength(6);
    for (const [i, post] of pooled.entries()) {
      const long = measures(`${LONG} (${i})`);
      const short = measures(`${SHORT}${i}`);
      const want = { lengths: rounded(relative([long.length, short.length])), markdown: rounded(relative([long.markdown, short.markdown])) };
      expect(
        education.filter(
          (vote) =>
            JSON.stringify([vote.lengths, vote.markdown]) === JSON.stringify([want.lengths, want.markdown]) ||
            JSON.stringify([vote.lengths, vote.markdown]) === JSON.stringify([[...want.lengths].reverse(), [...want.markdown].reverse()]),
        ).length,
        `post ${post}`,
      ).toBe(6);
    }
    const styled = (await t.call("rae", "GET", "/post/leaderboard?style=true&category=education")).body as { method: { style_effects: unknown } };
    expect(styled.method.style_effects).not.toBeNull();
  });
});
