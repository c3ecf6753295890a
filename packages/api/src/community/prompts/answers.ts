import { sql } from "drizzle-orm";
import type { PostComparison, PostMessage } from "@parley/db";
import { models as catalogue, resultRows, type Database } from "@parley/db";
import type { PromptAnswers } from "@parley/contracts";
import { presentPromptAuthor } from "../../conversation/prompts/present";
import { boardOf } from "../verdicts/board";
import { knownPromptVotes, votesWonBy } from "../verdicts/prompt-votes";
import { knownComparisons } from "./known-comparisons";
import { requireVisiblePrompt } from "./sharing";

type PostRow = {
  id: number;
  user_id: string;
  description: string;
  messages: PostMessage[];
  comparison: PostComparison | null;
  created_at: Date | string;
  handle: string | null;
  nickname: string | null;
  name: string | null;
  email: string | null;
  picture: string | null;
};

/**
 * 'Answers' of a prompt's page: the posts and comparison posts that started from this prompt (no
 * hidden one), grouped by the model that answered (its catalogue id, whether it answered a plain
 * post or a comparison), with the votes each model won on the comparisons started from it: the
 * board's counted votes of this prompt (comparison posts and battles, by the one counted-vote
 * rule, as of the board's last fit), so a vote counts here exactly as it does on the leaderboard.
 * A comparison whose models the viewer does not know yet (not theirs, not voted on, not known
 * from its blind set; not their own battle) is left out of the lists and of the tallies, so the
 * page names neither its models nor its leader; its votes count on the leaderboard.
 */
export async function listPromptAnswers(db: Database, viewerId: string, promptId: number): Promise<PromptAnswers> {
  await requireVisiblePrompt(db, viewerId, promptId);
  const known = await knownComparisons(db, viewerId, promptId);
  const posts = resultRows<PostRow>(
    await db.execute(sql`
      select p.id, p.user_id, p.description, p.messages, p.comparison, p.created_at, u.handle, u.nickname, u.name, u.email, u.picture
      from posts p join users u on u.id = p.user_id
      where p.prompt_id = ${promptId} and p.hidden_at is null
      order by p.created_at desc, p.id desc
      limit 200`),
  );
  // The votes the board counted on the comparisons (posts and battles) started from this prompt that the viewer knows.
  const snapshot = boardOf(db).latest;
  const won = snapshot ? votesWonBy(snapshot, knownPromptVotes(snapshot, promptId, known)) : new Map<string, { name: string; votes: number }>();
  // A plain post's messages name their model only by its catalogue name: the catalogue gives its id,
  // so a model that answered both a post and a comparison is one entry.
  const idByName = new Map<string, string>();
  for (const row of await db.select({ id: catalogue.id, name: catalogue.name }).from(catalogue)) idByName.set(row.name, row.id);
  const keyOf = (id: string | null, name: string) => id ?? idByName.get(name) ?? name;
  const byModel = new Map<string, PromptAnswers["models"][number]>();
  const modelOf = (model: string, displayName: string) => {
    let entry = byModel.get(model);
    if (!entry) {
      entry = { model, displayName, votes: 0, posts: [] };
      byModel.set(model, entry);
    }
    return entry;
  };
  for (const [model, { name, votes }] of won) modelOf(model, name).votes += votes;
  for (const post of posts) {
    const kind = post.comparison ? ("comparison" as const) : ("post" as const);
    const models = post.comparison
      ? post.comparison.models.map((m) => ({ model: keyOf(m.modelId, m.modelName), displayName: m.modelName }))
      : [...new Set(post.messages.filter((m) => !m.isUser && m.model_name).map((m) => m.model_name!))].map((name) => ({
          model: keyOf(null, name),
          displayName: name,
        }));
    if (kind === "comparison" && !known.has(`post:${post.id}`)) continue;
    const author = presentPromptAuthor({
      userId: post.user_id,
      handle: post.handle,
      nickname: post.nickname,
      authorName: post.name,
      email: post.email,
      picture: post.picture,
    });
    for (const { model, displayName } of models) {
      const entry = modelOf(model, displayName);
      entry.displayName = displayName;
      entry.posts.push({ postId: post.id, title: post.description, kind, author, createdAt: new Date(post.created_at).toISOString() });
    }
  }
  return { models: [...byModel.values()].sort((a, b) => b.votes - a.votes || b.posts.length - a.posts.length || a.displayName.localeCompare(b.displayName)) };
}
