import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import { postVotes, posts, resultRows, users, type Database, type Executor, type PostComparison, type PostMessage } from "@parley/db";
import { DEFAULT_VOTE_RULES, type VoteRules } from "../../kit/context";
import { AppError } from "../../kit/errors";
import { aliased, blindSetLineage, knewFromBlindSet, knownThrough } from "./lineage";
import type { PostRow } from "./post-row";
import { columnOrder, isOrderOf, SHOWN_LABELS, shownOrderFor } from "./shown-order";
import { POST_NOT_FOUND, postVisibleTo, type ViewerRef } from "./visibility";

export const NOT_A_COMPARISON = "Votes are for comparison posts: this post has a single model's answers.";
export const VOTE_IS_FINAL =
  "Your vote is already in and stays as cast: only votes cast before the models are shown count, so a vote cannot be changed once they are.";
/** Why a comparison the viewer has not voted on cannot be copied yet. */
export const VOTE_BEFORE_FORK =
  "Vote for the best answer first: a copy of this comparison names the model of each answer, and only votes cast without knowing them count.";
/** Why a vote is refused on a comparison whose models the viewer knows from another post of its blind set. */
export const knownFromRelated = (postId: number) =>
  `You already know which model wrote each answer: you voted on or made post ${postId}, which this comparison was forked from or into, with the same answers and models. Only votes cast without knowing the models count.`;
export const OWN_COMPARISON =
  "You made this comparison, so you already know which model wrote each answer: votes come from the people reading it.";

/** Which votes count, at one moment: the settings (VOTE_DAILY_CAP, VOTE_MIN_ACCOUNT_AGE_HOURS) and the time they are read at. */
export type VoteCounting = VoteRules & { now: Date };

/** The counting rules of a request: its settings, at its time. */
export const voteCountingOf = (ctx: { voteRules: VoteRules; now: () => Date }): VoteCounting => ({ ...ctx.voteRules, now: ctx.now() });

/** The default settings, now: for reads outside a request that show no tally. */
export const defaultVoteCounting = (): VoteCounting => ({ ...DEFAULT_VOTE_RULES, now: new Date() });

/** Why a vote is left out of tallies and the board, in the order they are checked (docs/leaderboard.md, 'What is counted'). */
export const LEFT_OUT_REASONS = ["author", "not_blind", "waiting", "capped"] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

type VoteRefs = { postId: SQLWrapper; userId: SQLWrapper; createdAt: SQLWrapper; updatedAt: SQLWrapper };

/**
 * SQL: why a vote does not count (one of LEFT_OUT_REASONS), or null when it counts. The rules
 * are written here once; every tally, the board and the vote records read them:
 * - `author`: cast by the post's author, who knows which model wrote each answer (refused now;
 *   one stored before that was refused counts nowhere);
 * - `not_blind`: not cast blind: moved after the models were shown (as votes could be before
 *   they were final), or cast after the voter voted on or made another post of the comparison's
 *   blind set (its lineage of forks, which share its models);
 * - `waiting`: the voter's account is younger than `minAccountAgeHours` (0: off): the vote
 *   waits, and counts once the account is old enough;
 * - `capped`: the voter had already cast `dailyCap` votes (0: off) earlier that UTC day, in the
 *   order cast; the first ones of a day count.
 * Needs the `blindSetLineage` term in the statement's `with recursive`.
 */
export function voteLeftOutReason(votes: VoteRefs, counting: VoteCounting) {
  const youngAfter = new Date(counting.now.getTime() - counting.minAccountAgeHours * 3_600_000).toISOString();
  const earlierThatDay = sql`(select count(*) from ${postVotes} cw
      where ${aliased("cw", postVotes.userId)} = ${votes.userId}
        and ${aliased("cw", postVotes.createdAt)} >= date_trunc('day', ${votes.createdAt}, 'UTC')
        and (${aliased("cw", postVotes.createdAt)}, ${aliased("cw", postVotes.postId)}) < (${votes.createdAt}, ${votes.postId}))`;
  return sql<LeftOutReason | null>`(case
    when exists (select 1 from ${posts} ca where ${aliased("ca", posts.id)} = ${votes.postId} and ${aliased("ca", posts.userId)} = ${votes.userId}) then 'author'
    when not (${votes.updatedAt} = ${votes.createdAt} and not ${knewFromBlindSet(votes.postId, votes.userId, votes.createdAt)}) then 'not_blind'
    ${counting.minAccountAgeHours > 0 ? sql`when exists (select 1 from ${users} cu where ${aliased("cu", users.id)} = ${votes.userId} and ${aliased("cu", users.createdAt)} > ${youngAfter}::timestamptz) then 'waiting'` : sql``}
    ${counting.dailyCap > 0 ? sql`when ${earlierThatDay} >= ${counting.dailyCap} then 'capped'` : sql``}
  end)`;
}

/** SQL: whether a vote counts (voteLeftOutReason gives none). Needs the `blindSetLineage` term in the statement's `with recursive`. */
export const countedVote = (votes: VoteRefs, counting: VoteCounting) => sql`(${voteLeftOutReason(votes, counting)} is null)`;

/** The columns countedVote reads, of post_votes read as `alias`. */
export const voteColumns = (alias: string) => ({
  postId: aliased(alias, postVotes.postId),
  userId: aliased(alias, postVotes.userId),
  createdAt: aliased(alias, postVotes.createdAt),
  updatedAt: aliased(alias, postVotes.updatedAt),
});

/**
 * How many votes on comparison posts the board leaves out, by reason (LEFT_OUT_REASONS), over
 * every post or one category's (posts a moderator hid are not on the board at all).
 */
export async function leftOutVotes(db: Executor, counting: VoteCounting, category?: string): Promise<Record<LeftOutReason, number>> {
  const v = voteColumns("v");
  const p = (column: Parameters<typeof aliased>[1]) => aliased("p", column);
  const rows = resultRows<{ reason: LeftOutReason | null; votes: number }>(
    await db.execute(sql`
      with recursive ${blindSetLineage()}
      select reason, count(*)::int as votes from (
        select ${voteLeftOutReason(v, counting)} as reason
        from ${postVotes} v join ${posts} p on ${p(posts.id)} = ${v.postId}
        where ${p(posts.comparison)} is not null and ${p(posts.hiddenAt)} is null ${category ? sql`and ${p(posts.categories)} @> array[${category}]::text[]` : sql``}
      ) reasons
      where reason is not null
      group by reason`),
  );
  const counts = Object.fromEntries(LEFT_OUT_REASONS.map((reason) => [reason, 0])) as Record<LeftOutReason, number>;
  for (const row of rows) if (row.reason) counts[row.reason] = Number(row.votes);
  return counts;
}

/** Counted votes per column of a post, in column order. */
async function tallyOf(db: Executor, postId: number, columns: number, counting: VoteCounting) {
  const v = voteColumns("v");
  const column = aliased("v", postVotes.column);
  const rows = resultRows<{ column: number; votes: number }>(
    await db.execute(sql`
      with recursive ${blindSetLineage(postId)}
      select ${column} as "column", count(*)::int as votes from ${postVotes} v
      where ${v.postId} = ${postId} and ${countedVote(v, counting)}
      group by ${column}`),
  );
  const tally = Array.from({ length: columns }, () => 0);
  for (const row of rows) if (row.column < columns) tally[row.column] = Number(row.votes);
  return tally;
}

/** Why the viewer's vote on a post does not count (yet), or null when it counts. */
async function myVoteLeftOut(db: Executor, postId: number, userId: string, counting: VoteCounting) {
  const v = voteColumns("v");
  const [row] = resultRows<{ reason: LeftOutReason | null }>(
    await db.execute(sql`
      with recursive ${blindSetLineage(postId)}
      select ${voteLeftOutReason(v, counting)} as reason from ${postVotes} v where ${v.postId} = ${postId} and ${v.userId} = ${userId}`),
  );
  return row?.reason ?? null;
}

/** The viewer's vote on a post: the column voted for and the order the columns were shown in, or null. */
async function voteOf(db: Executor, postId: number, userId: string) {
  const [row] = await db
    .select({ column: postVotes.column, shownOrder: postVotes.shownOrder })
    .from(postVotes)
    .where(and(eq(postVotes.postId, postId), eq(postVotes.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Refuses to copy a comparison to a viewer who may not know its models yet: neither its author
 * nor a voter, nor someone who knows them from another post of its blind set. The copy names
 * each column's model, which would unblind a later vote.
 */
export async function assertComparisonRevealed(db: Executor, viewerId: string, post: { id: number; userId: string }) {
  if (post.userId === viewerId || (await voteOf(db, post.id, viewerId)) !== null) return;
  if ((await knownThrough(db, post.id, viewerId)) === null) throw new AppError("FORBIDDEN", VOTE_BEFORE_FORK);
}

/** A comparison post as presentComparison reads it: `shuffleKey` (never sent) gives each viewer's order. */
export type ComparisonPostRef = { id: number; userId: string; shuffleKey: string; comparison: PostComparison };

/**
 * The order a viewer is shown a comparison's columns in (`order[i]` is the column shown i-th):
 * the author's own column order; for a voter, the order recorded with the vote (what they saw
 * when voting; column order for a vote cast before the shuffle); for anyone else, their own
 * shuffle (shown-order.ts).
 */
function orderFor(post: ComparisonPostRef, viewerId: string, vote: { shownOrder: number[] | null } | null) {
  const columns = post.comparison.models.length;
  if (post.userId === viewerId) return columnOrder(columns);
  if (vote) return isOrderOf(vote.shownOrder, columns) ? vote.shownOrder : columnOrder(columns);
  return shownOrderFor(post.shuffleKey, viewerId, columns);
}

/**
 * A comparison as one viewer may see it, in the order that viewer is shown its columns (orderFor):
 * `columns[i]` and each turn's `answers[i]` are the answer shown i-th, labelled A, B, C, D in
 * that order, and `column` (what a vote names) and `my_vote` are places in that order, never the
 * stored column. Blind until the viewer has voted: nothing but the labels and the answers' text
 * is sent (no model, tally or anything that follows the stored order). After the vote (and
 * always for the author, who made the comparison and knows its models) each column also has its
 * model and its counted votes, still in the order the viewer voted in (and `my_vote_left_out`
 * says why the viewer's own vote does not count yet, if it does not). So too once the viewer
 * voted on or made another post of its blind set (a post it was forked from or into): they know
 * the models, so they cannot vote here (`revealed_by_post_id` names that post).
 */
export async function presentComparison(db: Executor, viewerId: string, post: ComparisonPostRef, counting: VoteCounting) {
  const isAuthor = post.userId === viewerId;
  const myVote = await voteOf(db, post.id, viewerId);
  const through = isAuthor || myVote !== null ? null : await knownThrough(db, post.id, viewerId);
  const revealed = isAuthor || myVote !== null || through !== null;
  const order = orderFor(post, viewerId, myVote);
  const tally = revealed ? await tallyOf(db, post.id, post.comparison.models.length, counting) : null;
  return {
    view: {
      revealed,
      can_vote: !isAuthor && through === null,
      my_vote: myVote ? order.indexOf(myVote.column) : null,
      my_vote_left_out: myVote ? await myVoteLeftOut(db, post.id, viewerId, counting) : null,
      revealed_by_post_id: through,
      total_votes: tally ? tally.reduce((a, b) => a + b, 0) : null,
      columns: order.map((column, shown) => {
        const model = post.comparison.models[column]!;
        return { column: shown, label: SHOWN_LABELS[shown]!, ...(tally ? { model_id: model.modelId, model_name: model.modelName, votes: tally[column]! } : {}) };
      }),
      turns: post.comparison.turns.map((turn) => ({
        prompt: turn.prompt,
        answers: order.map((column) => {
          const answer = turn.answers[column];
          return answer ? { content: answer.content, status: answer.status } : { content: "", status: "missing" };
        }),
      })),
    },
    order,
  };
}

/**
 * A comparison's plain messages in the order the viewer is shown its columns: each prompt, then
 * its answers in `order`. For a viewer who has not voted (`blind`) each answer is named by its
 * label instead of its model.
 */
export function shownMessages(messages: PostMessage[], order: number[], blind: boolean): PostMessage[] {
  const shown: PostMessage[] = [];
  let answers: PostMessage[] = [];
  const flush = () => {
    const inOrder = answers.length === order.length ? order.map((column) => answers[column]!) : answers;
    inOrder.forEach((message, place) => shown.push(blind ? { ...message, model_name: `Answer ${SHOWN_LABELS[place % order.length]!}` } : message));
    answers = [];
  };
  for (const message of messages) {
    if (message.isUser) {
      flush();
      shown.push(message);
    } else answers.push(message);
  }
  flush();
  return shown;
}

/**
 * The viewer's vote for the best answer of a comparison post, named by its place in the order the
 * viewer is shown the columns (0 for A): one per viewer (the primary key), cast blind and final,
 * since the vote shows the models; the same vote again changes nothing. Stores the column voted
 * for and the order shown. Answers the revealed comparison, in that order.
 */
export async function voteOnPost(db: Database, userId: string, postId: number, place: number, counting: VoteCounting) {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: posts.id, userId: posts.userId, shuffleKey: posts.shuffleKey, comparison: posts.comparison })
      .from(posts)
      .where(and(eq(posts.id, postId), postVisibleTo(userId)))
      .limit(1);
    if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
    if (!post.comparison) throw new AppError("BAD_REQUEST", NOT_A_COMPARISON);
    const comparisonPost = { ...post, comparison: post.comparison };
    const columns = post.comparison.models.length;
    if (place >= columns) {
      throw new AppError("BAD_REQUEST", `column: this comparison has ${columns} answers; vote with a column from 0 to ${columns - 1} (0 for the answer labelled A).`);
    }
    if (post.userId === userId) throw new AppError("FORBIDDEN", OWN_COMPARISON);
    const earlier = await voteOf(tx, postId, userId);
    if (earlier === null) {
      const through = await knownThrough(tx, postId, userId);
      if (through !== null) throw new AppError("FORBIDDEN", knownFromRelated(through));
    }
    const order = orderFor(comparisonPost, userId, earlier);
    const column = order[place]!;
    const now = counting.now;
    const cast = await tx
      .insert(postVotes)
      .values({ postId, userId, column, shownOrder: order, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [postVotes.postId, postVotes.userId] })
      .returning({ column: postVotes.column });
    if (cast.length === 0) {
      // A vote counts only when cast blind: once the models are shown, it stays as it was. (A
      // vote that landed at the same moment was cast in the same order: there is one per viewer.)
      const stored = await voteOf(tx, postId, userId);
      if (!stored || stored.column !== orderFor(comparisonPost, userId, stored)[place]) throw new AppError("CONFLICT", VOTE_IS_FINAL);
    }
    return (await presentComparison(tx, userId, comparisonPost, counting)).view;
  });
}

/** For the feed: how many models a comparison post compares (null otherwise) and whether the viewer has voted or is its author. */
export const comparisonSummaryFor = (viewerId: ViewerRef) => ({
  compareCount: sql<number | null>`jsonb_array_length(${posts.comparison} -> 'models')`.as("compare_count"),
  revealed: sql<boolean>`(${posts.userId} = ${viewerId} or exists (select 1 from ${postVotes} where ${postVotes.postId} = ${posts.id} and ${postVotes.userId} = ${viewerId}))`.as(
    "revealed",
  ),
});

/** A comparison post as one viewer may read it: blind (labels only, no models) until the viewer has voted, its answers in the viewer's order. */
export async function presentComparisonPost<Row extends PostRow & { userId: string; shuffleKey: string; messages: PostMessage[] }, Summary extends object>(
  db: Executor,
  viewerId: string,
  row: Row,
  comparison: PostComparison,
  presentPost: (row: PostRow) => Summary,
  counting: VoteCounting,
) {
  const { view, order } = await presentComparison(db, viewerId, { id: row.id, userId: row.userId, shuffleKey: row.shuffleKey, comparison }, counting);
  return {
    ...presentPost({ ...row, compareCount: comparison.models.length, revealed: view.revealed }),
    messages: shownMessages(row.messages, order, !view.revealed),
    comparison: view,
  };
}
