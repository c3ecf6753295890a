import { sql } from "drizzle-orm";
import type { PostComparison, PostMessage } from "@parley/db";
import { models as catalogue, resultRows, type Executor } from "@parley/db";
import type { PromptAnswers } from "@parley/contracts";
import { presentPromptAuthor } from "../../conversation/prompts/present";
import { countedVote, type VoteCounting } from "../post/votes";
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
 * post or a comparison), with the blind votes each model won on them. A comparison whose models
 * the viewer does not know yet (not theirs, not voted on, not known from its blind set) is left
 * out of the lists and of the tallies, so the page names neither its models nor its leader; its
 * votes count on the leaderboard.
 */
export async function listPromptAnswers(db: Executor, viewerId: string, promptId: number, counting: VoteCounting): Promise<PromptAnswers> {
  await requireVisiblePrompt(db, viewerId, promptId);
  const known = await knownComparisons(db, viewerId, promptId);
  const knownPosts = [...known].filter((id) => id.startsWith("post:")).map((id) => Number(id.slice(5)));
  const posts = resultRows<PostRow>(
    await db.execute(sql`
      select p.id, p.user_id, p.description, p.messages, p.comparison, p.created_at, u.handle, u.nickname, u.name, u.email, u.picture
      from posts p join users u on u.id = p.user_id
      where p.prompt_id = ${promptId} and p.hidden_at is null
      order by p.created_at desc, p.id desc
      limit 200`),
  );
  const votes = resultRows<{ model_id: string | null; model_name: string; votes: number }>(
    await db.execute(sql`
      with entrants as (
        select p.id as post_id, (m.ord - 1)::int as col, m.model ->> 'modelId' as model_id, m.model ->> 'modelName' as model_name
        from posts p cross join lateral jsonb_array_elements(p.comparison -> 'models') with ordinality as m(model, ord)
        where p.prompt_id = ${promptId} and p.comparison is not null and p.hidden_at is null and p.id = any(${`{${knownPosts.join(",")}}`}::int[])
      )
      select e.model_id, e.model_name, (count(*) filter (where v.column = e.col))::int as votes
      from entrants e
      join post_votes v on v.post_id = e.post_id and ${countedVote({ postId: sql`v.post_id`, userId: sql`v.user_id`, createdAt: sql`v.created_at`, updatedAt: sql`v.updated_at` }, counting)}
      group by e.model_id, e.model_name`),
  );
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
  for (const row of votes) modelOf(keyOf(row.model_id, row.model_name), row.model_name).votes += Number(row.votes);
  for (const post of posts) {
    const kind = post.comparison ? ("comparison" as const) : ("post" as const);
    const models = post.comparison
      ? post.comparison.models.map((m) => ({ model: keyOf(m.modelId, m.modelName), displayName: m.modelName }))
      : [...new Set(post.messages.filter((m) => !m.isUser && m.model_name).map((m) => m.model_name!))].map((name) => ({ model: keyOf(null, name), displayName: name }));
    if (kind === "comparison" && !known.has(`post:${post.id}`)) continue;
    const author = presentPromptAuthor({ userId: post.user_id, handle: post.handle, nickname: post.nickname, authorName: post.name, email: post.email, picture: post.picture });
    for (const { model, displayName } of models) {
      const entry = modelOf(model, displayName);
      entry.displayName = displayName;
      entry.posts.push({ postId: post.id, title: post.description, kind, author, createdAt: new Date(post.created_at).toISOString() });
    }
  }
  return { models: [...byModel.values()].sort((a, b) => b.votes - a.votes || b.posts.length - a.posts.length || a.displayName.localeCompare(b.displayName)) };
}
