import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaderboardOf, refitLeaderboard } from "@parley/api";
import { resultRows } from "@parley/db";
import { createChatApp, MODEL } from "./support/chat-fixture";
import { insertComparisonSession } from "./support/comparison-factory";

// The rating board (docs/leaderboard.md): fitted in the background, served from the last fit,
// with intervals, rank ranges, the pairwise matrix, the style view and the votes to download.

let t: Awaited<ReturnType<typeof createChatApp>>;

type Row = {
  rank: number;
  rank_low: number;
  rank_high: number;
  model_id: string | null;
  model_name: string;
  rating: number;
  ci_low: number;
  ci_high: number;
  provisional: boolean;
  votes: number;
  comparisons: number;
  votes_won: number;
  ties: number;
  votes_cast: number;
  win_rate: number;
};
type Board = {
  category: string | null;
  style: boolean;
  fitted_at: string | null;
  refit_seconds: number | null;
  counted_votes: number;
  left_out: { reason: string; votes: number }[];
  method: {
    anchor: number;
    provisional_below: number;
    position_effects: { position: string; points: number }[] | null;
    style_effects: { length: number; markdown: number } | null;
  };
  models: Row[];
  pairs: { models: string[]; win_rates: (number | null)[][]; counts: number[][] };
};
type Shown = { my_vote: number; columns: { model_id: string }[] };

/** A second platform OpenAI model: the third rated model (the offline demo model is never rated). */
const GPT_4O = "openai:gpt-4o";
const MODELS = [MODEL.platform, MODEL.claude, GPT_4O];
const VOTERS = Array.from({ length: 8 }, (_, i) => `r${i}`);
/** The model each voter chose on each post, as the vote's answer named it. */
const chosen: { post: number; voter: string; model: string; shown: string[] }[] = [];

const board = async (query = "") => (await t.call("r0", "GET", `/post/leaderboard${query}`)).body as unknown as Board;

async function comparisonPost(models: string[], category: string, answers: string[]) {
  const sessionId = await insertComparisonSession(t.db.db, "writer", models, [
    { prompt: "Which is better?", answers: answers.map((content) => ({ content })) },
  ]);
  const post = (await t.call("writer", "POST", "/post/postChat", { chat_id: sessionId, description: "Which is better?", categories: [category] })).body
    .post_id as number;
  return post;
}

async function vote(voter: string, post: number, place: number) {
  const response = await t.call(voter, "POST", `/post/vote/${post}`, { column: place });
  expect(response.status).toBe(200);
  const view = response.body as unknown as Shown;
  chosen.push({ post, voter, model: view.columns[view.my_vote]!.model_id, shown: view.columns.map((c) => c.model_id) });
}

beforeAll(async () => {
  t = await createChatApp({ openaiModels: ["gpt-4o-mini", "gpt-4o"] });
  await Promise.all(["writer", ...VOTERS].map((name) => t.signUp(name)));
  const three = await comparisonPost(MODELS, "education", ["# Plan\n- one\n- two\n\nA long answer with a list.", "Short.", "Medium length answer here."]);
  const two = await comparisonPost([MODEL.platform, MODEL.claude], "technology", ["First answer", "Second answer"]);
  for (const [i, voter] of VOTERS.entries()) {
    await vote(voter, three, i % 3);
    await vote(voter, two, i % 2);
  }
});
afterAll(() => t.close());

describe("the rating board", () => {
  it("serves the last background fit: a new vote shows only after a refit, never fitted on a request", async () => {
    await leaderboardOf(t.db.db).settled();
    const before = await board();
    const refitted = await refitLeaderboard(t.db.db);
    const after = await board();
    expect(after.fitted_at).toBe(refitted.fittedAt.toISOString());
    expect(after.fitted_at! >= (before.fitted_at ?? "")).toBe(true);
    // Reading again does not fit again.
    expect((await board()).fitted_at).toBe(after.fitted_at);
    expect(after.refit_seconds).toBe(60);
    expect(after.counted_votes).toBe(16);
  });

  it("rates every model on the Elo-like scale with a 95% interval, a rank range and the votes behind it", async () => {
    const overall = await board();
    expect(overall.category).toBeNull();
    expect(overall.style).toBe(false);
    expect(overall.models.map((row) => row.model_id).sort()).toEqual([...MODELS].sort());
    const wonBy = (model: string) => chosen.filter((c) => c.model === model).length;
    for (const row of overall.models) {
      expect(row.ci_low).toBeLessThan(row.rating);
      expect(row.ci_high).toBeGreaterThan(row.rating);
      expect(row.rank_low).toBeLessThanOrEqual(row.rank);
      expect(row.rank_high).toBeGreaterThanOrEqual(row.rank);
      expect(row.votes_won).toBe(wonBy(row.model_id!));
      expect(row.votes).toBe(chosen.filter((c) => c.shown.includes(row.model_id!)).length);
      expect(row.votes_cast).toBe(row.votes);
      expect(row.win_rate).toBeCloseTo(row.votes_won / row.votes, 3);
      // 8 or 16 votes: under the documented 20.
      expect(row.provisional).toBe(true);
    }
    expect(overall.method.provisional_below).toBe(20);
    expect(overall.models.map((row) => row.rank)).toEqual([1, 2, 3]);
    // Ratings come in order, and the average model is at the anchor.
    const ratings = overall.models.map((row) => row.rating);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    expect(ratings.reduce((a, b) => a + b, 0) / ratings.length).toBeCloseTo(overall.method.anchor, 0);
    // GPT-4o never met the Claude model in a two-way comparison, but did in the three-way one.
    const names = overall.pairs.models;
    expect(names).toEqual(overall.models.map((row) => row.model_name));
    const at = (id: string) => overall.models.findIndex((row) => row.model_id === id);
    expect(overall.pairs.counts[at(MODEL.platform)]![at(MODEL.claude)]).toBe(16);
    expect(overall.pairs.counts[at(GPT_4O)]![at(MODEL.claude)]).toBe(8);
    expect(overall.pairs.win_rates[at(GPT_4O)]![at(GPT_4O)]).toBeNull();
    expect(overall.method.position_effects?.map((p) => p.position)).toEqual(["B", "C"]);
  });

  it("has a view per category and a style-controlled view, over REST and tRPC", async () => {
    const technology = await board("?category=technology");
    expect(technology.models.map((row) => row.model_id).sort()).toEqual([MODEL.platform, MODEL.claude].sort());
    expect(technology.counted_votes).toBe(8);
    expect((await board("?category=health")).models).toEqual([]);
    const styled = await board("?style=true");
    expect(styled.style).toBe(true);
    expect(styled.method.style_effects).not.toBeNull();
    expect(styled.models).toHaveLength(3);
    const trpc = await t.app.inject({
      method: "GET",
      url: `/trpc/post.leaderboard?input=${encodeURIComponent(JSON.stringify({ category: "education", style: true }))}`,
      headers: t.as("r1"),
    });
    expect(trpc.statusCode).toBe(200);
    const data = trpc.json().result.data as Board;
    expect(data).toMatchObject({ category: "education", style: true, counted_votes: 8 });
  });

  it("says what it leaves out: a vote changed after the models were shown", async () => {
    const { sql } = await import("drizzle-orm");
    const post = chosen[0]!.post;
    await t.db.db.execute(
      sql`update post_votes set updated_at = created_at + interval '1 minute' where post_id = ${post} and user_id = (select id from users where subject = 'r7')`,
    );
    await refitLeaderboard(t.db.db);
    const overall = await board();
    expect(overall.counted_votes).toBe(15);
    expect(overall.left_out).toEqual([{ reason: expect.stringMatching(/not cast blind/), votes: 1 }]);
    await t.db.db.execute(sql`update post_votes set updated_at = created_at where post_id = ${post} and user_id = (select id from users where subject = 'r7')`);
    await refitLeaderboard(t.db.db);
    expect((await board()).left_out).toEqual([]);
  });

  it("downloads the counted votes, anonymised, as JSON and CSV over REST and tRPC", async () => {
    const json = await t.app.inject({ method: "GET", url: "/api/v1/post/leaderboard/votes?format=json", headers: t.as("r2") });
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toMatch(/application\/json/);
    expect(json.headers["content-disposition"]).toMatch(/attachment; filename="parley-votes-\d{4}-\d{2}-\d{2}\.json"/);
    type Vote = {
      comparison: string;
      source: string;
      models: string[];
      choice: string;
      category: string;
      day: string;
      lengths: number[] | null;
      markdown: number[] | null;
    };
    const votes = (json.json() as { votes: Vote[] }).votes;
    expect(votes).toHaveLength(16);
    // Nothing names a voter or a post: a comparison's id is a hash, the same for its votes.
    expect(json.body).not.toMatch(/post:|r\d@example|"user/);
    expect(new Set(votes.map((v) => v.comparison)).size).toBe(2);
    for (const v of votes) {
      expect(v.comparison).toMatch(/^[0-9a-f]{32}$/);
      expect(v.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(v.source).toBe("post");
    }
    // The models in the order each voter was shown them, the choice as its label.
    const asShown = chosen.map((c) => `${c.shown.join(",")}:${"ABC"[c.shown.indexOf(c.model)]}`).sort();
    expect(votes.map((v) => `${v.models.join(",")}:${v.choice}`).sort()).toEqual(asShown);
    // Each answer's style measures as the style view fits them: here none, as fewer than 5
    // comparisons share either post's figures (votes-download-blind.test.ts has them listed).
    for (const v of votes) expect(v).toMatchObject({ lengths: null, markdown: null });

    const csv = await t.app.inject({ method: "GET", url: "/api/v1/post/leaderboard/votes?format=csv", headers: t.as("r2") });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    const lines = csv.body.trim().split("\n");
    const header =
      "comparison,source,model_a,model_b,model_c,model_d,choice,category,day,length_a,length_b,length_c,length_d,markdown_a,markdown_b,markdown_c,markdown_d";
    expect(lines[0]).toBe(header);
    expect(lines).toHaveLength(17);
    expect(lines.filter((line) => line.includes(",technology,"))).toHaveLength(8);
    // The CSV holds what the JSON holds, field for field, empty past the last answer.
    const columns = header.split(",");
    const asJson = lines.slice(1).map((line) => {
      const row = Object.fromEntries(line.split(",").map((field, i) => [columns[i], field]));
      const four = (name: string) => ["a", "b", "c", "d"].map((l) => row[`${name}_${l}`]!).filter((field) => field !== "");
      const measures = (name: string) => (four(name).length === 0 ? null : four(name).map(Number));
      return JSON.stringify([row.comparison, row.source, four("model"), row.choice, row.category, row.day, measures("length"), measures("markdown")]);
    });
    expect(asJson.sort()).toEqual(
      votes.map((v) => JSON.stringify([v.comparison, v.source, v.models, v.choice, v.category, v.day, v.lengths, v.markdown])).sort(),
    );

    const trpc = await t.app.inject({
      method: "GET",
      url: `/trpc/post.leaderboardVotes?input=${encodeURIComponent(JSON.stringify({ format: "csv" }))}`,
      headers: t.as("r3"),
    });
    expect(trpc.statusCode).toBe(200);
    expect((trpc.json().result.data as { body: string }).body.trim().split("\n")).toHaveLength(17);
  });

  it("names a comparison the same on every server and after a restart, under a key kept in the database, never by its real id", async () => {
    const { sql } = await import("drizzle-orm");
    const download = async () =>
      (
        (await t.app.inject({ method: "GET", url: "/api/v1/post/leaderboard/votes?format=json", headers: t.as("r4") })).json() as {
          votes: { comparison: string }[];
        }
      ).votes.map((v) => v.comparison);
    const first = await download();
    // The key is a row of instance_settings, drawn once: any server reading it (another instance, this
    // one after a restart) hashes a comparison to the same id.
    const [row] = resultRows<{ value: { secret: string } }>(await t.db.db.execute(sql`select value from instance_settings where key = 'votes_download_key'`));
    const secret = row!.value.secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const real = leaderboardOf(t.db.db).latest!.table.comparisonIds;
    const hashed = real.map((id) => createHmac("sha256", Buffer.from(secret, "hex")).update(id).digest("hex").slice(0, 32));
    expect(new Set(first)).toEqual(new Set(hashed));
    expect(await download()).toEqual(first);
    // Not the real id.
    expect(real.length).toBeGreaterThan(0);
    for (const id of real) expect(first).not.toContain(id);
  });

  it("refuses bad input with a message, someone else's private prompt with a 404, and an anonymous caller", async () => {
    const style = await t.call("r0", "GET", "/post/leaderboard?style=maybe");
    expect(style.status).toBe(400);
    expect(style.body.message).toMatch(/style: must be true or false/);
    const format = await t.call("r0", "GET", "/post/leaderboard/votes?format=xml");
    expect(format.status).toBe(400);
    expect(format.body.message).toMatch(/format: must be one of json, csv/);
    const prompt = await t.call("r0", "GET", "/post/leaderboard?promptId=2147483647");
    expect(prompt.status).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/post/leaderboard/votes" })).statusCode).toBe(401);
  });
  // Last: it adds votes the tests above do not count.
  it("never rates the offline demo model: votes on a comparison showing it, and verdicts of a battle with it, stay off the board, its views and the votes download, over REST and tRPC; the comparison names it 'not rated'", async () => {
    const { sql } = await import("drizzle-orm");
    const before = await board();
    const withDemo = await comparisonPost([MODEL.platform, MODEL.demo, MODEL.claude], "health", ["Platform's answer", "Demo's echo", "Claude's answer"]);
    for (const [i, voter] of VOTERS.slice(0, 3).entries()) expect((await t.call(voter, "POST", `/post/vote/${withDemo}`, { column: i })).status).toBe(200);
    // A battle verdict stored when battles could still draw the demo model.
    const battle = await insertComparisonSession(
      t.db.db,
      "writer",
      [MODEL.demo, MODEL.platform],
      [{ prompt: "Battle", answers: [{ content: "Battle" }, { content: "An answer" }] }],
    );
    await t.db.db.execute(sql`insert into battle_verdicts (session_id, user_id, shown, choice, counted, lengths, markdown)
      values (${battle}, (select id from users where subject = 'r4'), ${`{${MODEL.demo},${MODEL.platform}}`}::text[], 'a', true, '{6,9}', '{0,0}')`);
    await refitLeaderboard(t.db.db);

    const overall = await board();
    expect(overall.models.map((row) => row.model_id)).not.toContain(MODEL.demo);
    expect(overall.pairs.models).not.toContain("Parley Demo (offline)");
    // The ratings, the votes behind them and the counted votes are as they were: none of the four counted.
    expect(overall.counted_votes).toBe(before.counted_votes);
    expect(overall.models.map((row) => [row.model_id, row.votes, row.votes_won])).toEqual(before.models.map((row) => [row.model_id, row.votes, row.votes_won]));
    expect(overall.left_out).toEqual([
      { reason: "on comparisons with the offline demo model, which is not rated (it only repeats what it is asked)", votes: 3 },
      { reason: "from battles with the offline demo model, which is not rated (it only repeats what it is asked)", votes: 1 },
    ]);
    // Its category has no other votes: nothing is rated there.
    expect((await board("?category=health")).models).toEqual([]);
    expect((await board("?style=true")).models.map((row) => row.model_id)).not.toContain(MODEL.demo);
    const trpc = await t.app.inject({
      method: "GET",
      url: `/trpc/post.leaderboard?input=${encodeURIComponent(JSON.stringify({ category: "health" }))}`,
      headers: t.as("r1"),
    });
    expect(trpc.json().result.data).toMatchObject({ counted_votes: 0, models: [] });
    const trpcOverall = await t.app.inject({ method: "GET", url: "/trpc/post.leaderboard", headers: t.as("r1") });
    expect((trpcOverall.json().result.data as Board).models.map((row) => row.model_id)).not.toContain(MODEL.demo);

    // The votes download lists the counted votes only, as the board fits them.
    const json = await t.app.inject({ method: "GET", url: "/api/v1/post/leaderboard/votes?format=json", headers: t.as("r2") });
    const votes = (json.json() as { votes: { models: string[] }[] }).votes;
    expect(votes).toHaveLength(before.counted_votes);
    expect(votes.filter((v) => v.models.includes(MODEL.demo))).toEqual([]);
    const csv = await t.app.inject({
      method: "GET",
      url: `/trpc/post.leaderboardVotes?input=${encodeURIComponent(JSON.stringify({ format: "csv" }))}`,
      headers: t.as("r3"),
    });
    expect((csv.json().result.data as { body: string }).body).not.toContain(MODEL.demo);

    // The comparison still has its tally; once its models are named, the demo model is the one not rated.
    const shown = (await t.call("r0", "GET", `/post/getPost/${withDemo}`)).body.comparison as {
      total_votes: number;
      columns: { model_id: string; rated: boolean }[];
    };
    expect(shown.total_votes).toBe(3);
    expect(Object.fromEntries(shown.columns.map((c) => [c.model_id, c.rated]))).toEqual({ [MODEL.platform]: true, [MODEL.demo]: false, [MODEL.claude]: true });
    // Blind, nothing says which answer is not rated.
    const blind = (await t.call("r7", "GET", `/post/getPost/${withDemo}`)).body.comparison as { columns: Record<string, unknown>[] };
    for (const column of blind.columns) expect(column).not.toHaveProperty("rated");
  });
});
