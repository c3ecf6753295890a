import { sql } from "drizzle-orm";
import { postVotes, posts, resultRows, type Executor } from "@parley/db";
import { aliased, blindSetLineage } from "./lineage";
import { countedVote, voteColumns, type VoteCounting } from "./votes";

/** z for a 95% two-sided interval. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score interval's lower bound for `won` successes out of `cast` trials: the win rate
 * a model can be said to reach with 95% confidence. Few votes give a low bound, so a model with
 * 1 win out of 1 does not outrank one with 90 out of 100.
 */
export function wilsonLowerBound(won: number, cast: number, z = Z95) {
  if (cast === 0) return 0;
  const p = won / cast;
  const z2 = z * z;
  return (p + z2 / (2 * cast) - z * Math.sqrt((p * (1 - p)) / cast + z2 / (4 * cast * cast))) / (1 + z2 / cast);
}

type Row = { model_key: string; model_id: string | null; model_name: string; votes_won: number; votes_cast: number; comparisons: number };

/**
 * Models ranked by the votes they won across comparison posts (optionally of one category).
 * A model's votes cast are all votes on the comparisons it took part in; its win rate is the
 * share of those votes for its own column; rows are ranked by the Wilson lower bound of that
 * rate, then by votes won. Only models with at least one vote cast are listed.
 */
export async function getLeaderboard(db: Executor, counting: VoteCounting, category?: string) {
  const p = (column: Parameters<typeof aliased>[1]) => aliased("p", column);
  const vote = voteColumns("v");
  const rows = resultRows<Row>(
    await db.execute(sql`
      with recursive ${blindSetLineage()}, entrants as (
        select ${p(posts.id)} as post_id, (m.ord - 1)::int as col, m.model ->> 'modelId' as model_id, m.model ->> 'modelName' as model_name,
               coalesce(m.model ->> 'modelId', m.model ->> 'modelName') as model_key
        from ${posts} p
        cross join lateral jsonb_array_elements(${p(posts.comparison)} -> 'models') with ordinality as m(model, ord)
        where ${p(posts.comparison)} is not null and ${p(posts.hiddenAt)} is null ${category ? sql`and ${p(posts.categories)} @> array[${category}]::text[]` : sql``}
      )
      select e.model_key,
             (array_agg(e.model_id order by e.post_id desc))[1] as model_id,
             (array_agg(e.model_name order by e.post_id desc))[1] as model_name,
             (count(*) filter (where ${aliased("v", postVotes.column)} = e.col))::int as votes_won,
             count(*)::int as votes_cast,
             count(distinct e.post_id)::int as comparisons
      from entrants e
      join ${postVotes} v on ${vote.postId} = e.post_id and ${countedVote(vote, counting)}
      group by e.model_key
    `),
  );
  const ranked = rows
    .map((row) => ({
      model_id: row.model_id,
      model_name: row.model_name,
      votes_won: Number(row.votes_won),
      votes_cast: Number(row.votes_cast),
      comparisons: Number(row.comparisons),
      win_rate: Number(row.votes_won) / Number(row.votes_cast),
      score: wilsonLowerBound(Number(row.votes_won), Number(row.votes_cast)),
    }))
    .sort((a, b) => b.score - a.score || b.votes_won - a.votes_won || a.model_name.localeCompare(b.model_name));
  return { category: category ?? null, models: ranked.map((row, index) => ({ rank: index + 1, ...row })) };
}
