import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import { postVotes, posts, resultRows, type Database, type Executor, type PostComparison, type PostMessage } from "@parley/db";
import { AppError } from "../../kit/errors";
import { COLUMN_LABELS } from "./comparison-snapshot";
import { aliased, blindSetLineage, knewFromBlindSet, knownThrough } from "./lineage";
import type { PostRow } from "./post-row";
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

/**
 * Whether a vote counts: only one cast blind. Votes are final now, but one moved after the
 * models were shown (as votes could be before) has a later `updated_at` and does not count;
 * nor does one cast after the voter voted on or made another post of the comparison's blind set
 * (its lineage of forks, which share its models), as could be before. Needs the
 * `blindSetLineage` term in the statement's `with recursive`.
 */
export const countedVote = (votes: { postId: SQLWrapper; userId: SQLWrapper; createdAt: SQLWrapper; updatedAt: SQLWrapper }) =>
  sql`(${votes.updatedAt} = ${votes.createdAt} and not ${knewFromBlindSet(votes.postId, votes.userId, votes.createdAt)})`;

/** The columns countedVote reads, of post_votes read as `alias`. */
export const voteColumns = (alias: string) => ({
  postId: aliased(alias, postVotes.postId),
  userId: aliased(alias, postVotes.userId),
  createdAt: aliased(alias, postVotes.createdAt),
  updatedAt: aliased(alias, postVotes.updatedAt),
});

/** Counted votes per column of a post, in column order. */
async function tallyOf(db: Executor, postId: number, columns: number) {
  const v = voteColumns("v");
  const column = aliased("v", postVotes.column);
  const rows = resultRows<{ column: number; votes: number }>(
    await db.execute(sql`
      with recursive ${blindSetLineage(postId)}
      select ${column} as "column", count(*)::int as votes from ${postVotes} v
      where ${v.postId} = ${postId} and ${countedVote(v)}
      group by ${column}`),
  );
  const tally = Array.from({ length: columns }, () => 0);
  for (const row of rows) if (row.column < columns) tally[row.column] = Number(row.votes);
  return tally;
}

async function voteOf(db: Executor, postId: number, userId: string) {
  const [row] = await db
    .select({ column: postVotes.column })
    .from(postVotes)
    .where(and(eq(postVotes.postId, postId), eq(postVotes.userId, userId)))
    .limit(1);
  return row?.column ?? null;
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

/**
 * A comparison as one viewer may see it. Blind until the viewer has voted: answers are labelled
 * A, B, C, D and neither the model names nor the tally are sent. After the vote (and always for
 * the author, who made the comparison and knows its models) each column also has its model and
 * its votes. So too once the viewer voted on or made another post of its blind set (a post it
 * was forked from or into): they know the models, so they cannot vote here (`revealed_by_post_id`
 * names that post).
 */
export async function presentComparison(db: Executor, viewerId: string, post: { id: number; userId: string; comparison: PostComparison }) {
  const isAuthor = post.userId === viewerId;
  const myVote = await voteOf(db, post.id, viewerId);
  const through = isAuthor || myVote !== null ? null : await knownThrough(db, post.id, viewerId);
  const revealed = isAuthor || myVote !== null || through !== null;
  const tally = revealed ? await tallyOf(db, post.id, post.comparison.models.length) : null;
  return {
    revealed,
    can_vote: !isAuthor && through === null,
    my_vote: myVote,
    revealed_by_post_id: through,
    total_votes: tally ? tally.reduce((a, b) => a + b, 0) : null,
    columns: post.comparison.models.map((model, column) => ({
      column,
      label: COLUMN_LABELS[column]!,
      ...(tally ? { model_id: model.modelId, model_name: model.modelName, votes: tally[column]! } : {}),
    })),
    turns: post.comparison.turns,
  };
}

/** A comparison's plain messages with each answer named by its label instead of its model, for a viewer who has not voted. */
export function blindMessages(messages: PostMessage[], comparison: PostComparison): PostMessage[] {
  let column = 0;
  return messages.map((message) => {
    if (message.isUser) {
      column = 0;
      return message;
    }
    const label = COLUMN_LABELS[column++ % comparison.models.length]!;
    return { ...message, model_name: `Answer ${label}` };
  });
}

/**
 * The viewer's vote for the best answer of a comparison post: one per viewer (the primary key),
 * cast blind and final, since the vote shows the models; the same vote again changes nothing.
 * Answers the revealed comparison.
 */
export async function voteOnPost(db: Database, userId: string, postId: number, column: number, now: Date) {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: posts.id, userId: posts.userId, comparison: posts.comparison })
      .from(posts)
      .where(and(eq(posts.id, postId), postVisibleTo(userId)))
      .limit(1);
    if (!post) throw new AppError("NOT_FOUND", POST_NOT_FOUND);
    if (!post.comparison) throw new AppError("BAD_REQUEST", NOT_A_COMPARISON);
    const columns = post.comparison.models.length;
    if (column >= columns) {
      throw new AppError("BAD_REQUEST", `column: this comparison has ${columns} answers; vote with a column from 0 to ${columns - 1}.`);
    }
    if (post.userId === userId) throw new AppError("FORBIDDEN", OWN_COMPARISON);
    if ((await voteOf(tx, postId, userId)) === null) {
      const through = await knownThrough(tx, postId, userId);
      if (through !== null) throw new AppError("FORBIDDEN", knownFromRelated(through));
    }
    const cast = await tx
      .insert(postVotes)
      .values({ postId, userId, column, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [postVotes.postId, postVotes.userId] })
      .returning({ column: postVotes.column });
    // A vote counts only when cast blind: once the models are shown, it stays as it was.
    if (cast.length === 0 && (await voteOf(tx, postId, userId)) !== column) throw new AppError("CONFLICT", VOTE_IS_FINAL);
    return presentComparison(tx, userId, { id: post.id, userId: post.userId, comparison: post.comparison });
  });
}

/** For the feed: how many models a comparison post compares (null otherwise) and whether the viewer has voted or is its author. */
export const comparisonSummaryFor = (viewerId: ViewerRef) => ({
  compareCount: sql<number | null>`jsonb_array_length(${posts.comparison} -> 'models')`.as("compare_count"),
  revealed: sql<boolean>`(${posts.userId} = ${viewerId} or exists (select 1 from ${postVotes} where ${postVotes.postId} = ${posts.id} and ${postVotes.userId} = ${viewerId}))`.as(
    "revealed",
  ),
});

/** A comparison post as one viewer may read it: blind (labels only, no models) until the viewer has voted. */
export async function presentComparisonPost<Row extends PostRow & { userId: string; messages: PostMessage[] }, Summary extends object>(
  db: Executor,
  viewerId: string,
  row: Row,
  comparison: PostComparison,
  presentPost: (row: PostRow) => Summary,
) {
  const view = await presentComparison(db, viewerId, { id: row.id, userId: row.userId, comparison });
  return {
    ...presentPost({ ...row, compareCount: comparison.models.length, revealed: view.revealed }),
    messages: view.revealed ? row.messages : blindMessages(row.messages, comparison),
    comparison: view,
  };
}
