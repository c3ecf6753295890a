import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import { battleVerdicts, postVotes, posts, resultRows, users, type Database, type Executor, type PostComparison, type PostMessage } from "@parley/db";
import { DEFAULT_VOTE_RULES, type VoteRules } from "../../kit/context";
import { AppError } from "../../kit/errors";
import { isRatedModel } from "../../conversation/chat/rated";
import { aliased, knownThrough } from "./lineage";
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
export const OWN_COMPARISON = "You made this comparison, so you already know which model wrote each answer: votes come from the people reading it.";

/** Which votes count, at one moment: the settings (VOTE_DAILY_CAP, VOTE_MIN_ACCOUNT_AGE_HOURS) and the time they are read at. */
export type VoteCounting = VoteRules & { now: Date };

/** The counting rules of a request: its settings, at its time. */
export const voteCountingOf = (ctx: { voteRules: VoteRules; now: () => Date }): VoteCounting => ({ ...ctx.voteRules, now: ctx.now() });

/** The default settings, now: for reads outside a request that show no tally. */
export const defaultVoteCounting = (): VoteCounting => ({ ...DEFAULT_VOTE_RULES, now: new Date() });

/**
 * Why a vote (or a battle verdict) is left out of tallies and the board, in the order they are
 * checked (docs/leaderboard.md, 'What is counted'). `incomplete` is a battle's alone.
 */
export const LEFT_OUT_REASONS = ["author", "not_blind", "incomplete", "waiting", "capped"] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];
/** The reasons a post vote can have. */
export type PostLeftOutReason = Exclude<LeftOutReason, "incomplete">;

type VoteRefs = { postId: SQLWrapper; userId: SQLWrapper; createdAt: SQLWrapper; updatedAt: SQLWrapper };

/**
 * Whose votes the standings cover: every vote and verdict; the votes of one post (of one voter
 * of it, with `userId`); the verdict of one battle; or every vote and verdict of the voters whose ids are in (after, upTo]
 * (a refit's bounded steps: all the rules read a voter's own votes only, apart from the posts'
 * blind sets), or of the voters listed in `ids` (those whose votes changed since a refit).
 */
export type StandingScope =
  | { kind: "all" }
  | { kind: "post"; postId: SQLWrapper | number; userId?: SQLWrapper | string }
  | { kind: "battle"; sessionId: number; userId: string }
  | { kind: "voters"; after: string | null; upTo: string }
  | { kind: "voters"; ids: string[] };

const uuidOf = (value: SQLWrapper | string) => (typeof value === "string" ? sql`${value}::uuid` : value);

/**
 * SQL: the terms of a `with` that end in `standings(kind, item, user_id, col,
 * shown_order, created_at, reason)`: every post vote (`kind` 'post', `item` its post) and battle
 * verdict ('battle', its session) of `scope`, with why it does not count (one of
 * LEFT_OUT_REASONS) or null when it counts. The one counted-vote rule, for post votes and
 * battle verdicts alike; every tally, the board and the vote records read it:
 * - `author`: a post vote cast by the post's author, who knows which model wrote each answer
 *   (refused now; one stored before that was refused counts nowhere);
 * - `not_blind`: a post vote not cast blind: moved after the models were shown (as votes could
 *   be before they were final), or cast after the voter voted on or made another post of the
 *   comparison's blind set (its lineage of forks, which share its models);
 * - `incomplete`: a battle verdict where an answer failed or was stopped;
 * - `waiting`: the voter's account is younger than `minAccountAgeHours` (0: off): the vote
 *   waits, and counts once the account is old enough;
 * - `capped`: the voter had already cast `dailyCap` votes and verdicts (0: off) earlier that UTC
 *   day, in the order cast (post votes and verdicts together); the first ones of a day count.
 * Each fact is read in one pass: a voter's first knowledge of each blind set is grouped, a
 * vote's place in its day is a window over the voter's votes of that day, so the whole board is
 * gathered in time linear in the votes (and their sort), not a walk of the lineage per vote.
 */
export function voteStandings(counting: VoteCounting, scope: StandingScope) {
  const youngAfter = youngAfterOf(counting);
  const v = (column: Parameters<typeof aliased>[1]) => aliased("standing_v", column);
  const p = (column: Parameters<typeof aliased>[1]) => aliased("standing_p", column);
  const b = (column: Parameters<typeof aliased>[1]) => aliased("standing_b", column);
  // Which votes, verdicts and posts made the scope reads: of everyone, of a run of voters, or of one post's (or battle's) voters.
  const one = scope.kind === "post" || scope.kind === "battle";
  const ofVoters = (userId: SQLWrapper) =>
    scope.kind === "all" ? sql`true` : scope.kind === "voters" ? votersIn(userId, scope) : sql`${userId} in (select user_id from scoped)`;
  const scopedVotes =
    scope.kind === "post"
      ? sql`${v(postVotes.postId)} = ${scope.postId}${scope.userId === undefined ? sql`` : sql` and ${v(postVotes.userId)} = ${uuidOf(scope.userId)}`}`
      : scope.kind === "battle"
        ? sql`false`
        : ofVoters(v(postVotes.userId));
  const scopedVerdicts =
    scope.kind === "battle"
      ? sql`${b(battleVerdicts.sessionId)} = ${scope.sessionId}::bigint and ${b(battleVerdicts.userId)} = ${uuidOf(scope.userId)}`
      : scope.kind === "post"
        ? sql`false`
        : ofVoters(b(battleVerdicts.userId));
  // A vote and the post it is on: the post's author and blind set (posts.blind_root_id).
  const votes = (
    where: SQLWrapper,
  ) => sql`select 'post'::text as kind, ${v(postVotes.postId)}::bigint as item, ${v(postVotes.userId)} as user_id, ${v(postVotes.column)} as col,
        ${v(postVotes.shownOrder)} as shown_order, ${v(postVotes.createdAt)} as created_at, ${v(postVotes.updatedAt)} as updated_at,
        ${p(posts.userId)} as author_id, ${p(posts.blindRootId)} as root_id, true as complete
      from ${postVotes} standing_v join ${posts} standing_p on ${p(posts.id)} = ${v(postVotes.postId)} where ${where}`;
  const verdicts = (
    where: SQLWrapper,
  ) => sql`select 'battle'::text, ${b(battleVerdicts.sessionId)}::bigint, ${b(battleVerdicts.userId)}, null::smallint, null::smallint[],
        ${b(battleVerdicts.createdAt)}, ${b(battleVerdicts.createdAt)}, null::uuid, null::integer, ${b(battleVerdicts.counted)}
      from ${battleVerdicts} standing_b where ${where}`;
  // A vote's place among its voter's votes and verdicts of its UTC day (the daily cap). Over a run
  // of voters (or all), the scope holds each voter's every vote: a window over it. A post's votes
  // (or a battle's verdict) need their voters' votes and verdicts of the same day up to each vote.
  const placed = one
    ? sql`select s.*, (
          (select count(*) from ${postVotes} standing_e where ${aliased("standing_e", postVotes.userId)} = s.user_id
             and ${aliased("standing_e", postVotes.createdAt)} >= date_trunc('day', s.created_at, 'UTC') and (${aliased("standing_e", postVotes.createdAt)}, 'post'::text, ${aliased("standing_e", postVotes.postId)}::bigint) < (s.created_at, s.kind, s.item))
          + (select count(*) from ${battleVerdicts} standing_f where ${aliased("standing_f", battleVerdicts.userId)} = s.user_id
             and ${aliased("standing_f", battleVerdicts.createdAt)} >= date_trunc('day', s.created_at, 'UTC') and (${aliased("standing_f", battleVerdicts.createdAt)}, 'battle'::text, ${aliased("standing_f", battleVerdicts.sessionId)}::bigint) < (s.created_at, s.kind, s.item))
        ) as place from scoped s`
    : sql`select s.*, row_number() over (partition by s.user_id, date_trunc('day', s.created_at, 'UTC') order by s.created_at, s.kind, s.item) - 1 as place from scoped s`;
  // When each voter first knew each blind set's models: their first vote on, or post of, the set.
  // (A battle belongs to no blind set of posts.)
  const knownSets =
    scope.kind === "post" ? sql`and ${p(posts.blindRootId)} = (select root_id from scoped limit 1)` : scope.kind === "battle" ? sql`and false` : sql``;
  return sql`scoped as (
    ${votes(scopedVotes)}
    union all
    ${verdicts(scopedVerdicts)}
  ),
  placed as (${placed}),
  first_known(root_id, user_id, at) as (
    select root_id, user_id, min(at) from (
      select ${p(posts.blindRootId)} as root_id, ${v(postVotes.userId)} as user_id, ${v(postVotes.createdAt)} as at
      from ${postVotes} standing_v join ${posts} standing_p on ${p(posts.id)} = ${v(postVotes.postId)}
      where ${p(posts.blindRootId)} is not null and ${ofVoters(v(postVotes.userId))} ${knownSets}
      union all
      select ${p(posts.blindRootId)}, ${p(posts.userId)}, ${p(posts.createdAt)} from ${posts} standing_p
      where ${p(posts.blindRootId)} is not null and ${ofVoters(p(posts.userId))} ${knownSets}
    ) known
    group by root_id, user_id
  ),
  standings(kind, item, user_id, col, shown_order, created_at, reason) as (
    select s.kind, s.item, s.user_id, s.col, s.shown_order, s.created_at, (case
      when s.kind = 'post' and s.author_id = s.user_id then 'author'
      when s.kind = 'post' and (s.updated_at <> s.created_at or k.at < s.created_at) then 'not_blind'
      when s.kind = 'battle' and not s.complete then 'incomplete'
      ${youngAfter === null ? sql`` : sql`when ${aliased("su", users.createdAt)} > ${new Date(youngAfter).toISOString()}::timestamptz then 'waiting'`}
      ${counting.dailyCap > 0 ? sql`when s.place >= ${counting.dailyCap} then 'capped'` : sql``}
    end)::text
    from placed s
    join ${users} su on ${aliased("su", users.id)} = s.user_id
    left join first_known k on k.root_id = s.root_id and k.user_id = s.user_id
  )`;
}

const votersIn = (userId: SQLWrapper, scope: { after: string | null; upTo: string } | { ids: string[] }) =>
  "ids" in scope
    ? sql`${userId} = any(${`{${scope.ids.join(",")}}`}::uuid[])`
    : scope.after === null
      ? sql`${userId} <= ${scope.upTo}::uuid`
      : sql`${userId} > ${scope.after}::uuid and ${userId} <= ${scope.upTo}::uuid`;

/**
 * The account-age wait of the rule: the accounts made after this instant (ms) are too new for
 * their votes to count yet (null: the wait is off). voteStandings, withAccountAgeWait and
 * countsFrom all read it.
 */
function youngAfterOf(counting: VoteCounting): number | null {
  return counting.minAccountAgeHours > 0 ? counting.now.getTime() - accountAgeWaitMs(counting) : null;
}

/** How long a new account's votes wait (VOTE_MIN_ACCOUNT_AGE_HOURS), in milliseconds. */
const accountAgeWaitMs = (counting: VoteCounting) => counting.minAccountAgeHours * 3_600_000;

/** The reasons voteStandings checks before the account's age: a vote left out for one of them stays out whatever the account's age. */
const BEFORE_WAITING = new Set<LeftOutReason>(LEFT_OUT_REASONS.slice(0, LEFT_OUT_REASONS.indexOf("waiting")));

/**
 * The account-age wait of voteStandings (`waiting`), for a standing gathered with it off
 * (`minAccountAgeHours: 0`): the board keeps its voters' standings between refits, and only this
 * part of the rule changes with time alone. In the rule's order (LEFT_OUT_REASONS): after the
 * reasons before `waiting`, before the ones after it.
 */
export function withAccountAgeWait(reason: LeftOutReason | null, accountCreatedAt: number, counting: VoteCounting): LeftOutReason | null {
  if (reason !== null && BEFORE_WAITING.has(reason)) return reason;
  const youngAfter = youngAfterOf(counting);
  return youngAfter !== null && accountCreatedAt > youngAfter ? "waiting" : reason;
}

/**
 * SQL: why one post vote does not count (one of LEFT_OUT_REASONS), or null when it counts: the
 * standings (voteStandings) of that vote, for a statement that reads votes one by one.
 */
export function voteLeftOutReason(votes: VoteRefs, counting: VoteCounting) {
  return sql<LeftOutReason | null>`(with recursive ${voteStandings(counting, { kind: "post", postId: votes.postId, userId: votes.userId })}
    select reason from standings limit 1)`;
}

/** The columns voteLeftOutReason reads, of post_votes read as `alias`. */
export const voteColumns = (alias: string) => ({
  postId: aliased(alias, postVotes.postId),
  userId: aliased(alias, postVotes.userId),
  createdAt: aliased(alias, postVotes.createdAt),
  updatedAt: aliased(alias, postVotes.updatedAt),
});

/** Counted votes per column of a post, in column order. */
async function tallyOf(db: Executor, postId: number, columns: number, counting: VoteCounting) {
  const rows = resultRows<{ column: number; votes: number }>(
    await db.execute(sql`
      with recursive ${voteStandings(counting, { kind: "post", postId })}
      select col as "column", count(*)::int as votes from standings where reason is null group by col`),
  );
  const tally = Array.from({ length: columns }, () => 0);
  for (const row of rows) if (row.column < columns) tally[row.column] = Number(row.votes);
  return tally;
}

/**
 * Why the caller's verdict on their battle does not count (yet), or null when it counts, by the
 * rule post votes follow (voteStandings): `incomplete`, `waiting` or `capped`.
 */
export async function verdictLeftOut(db: Executor, battleId: number, userId: string, counting: VoteCounting) {
  const [row] = resultRows<{ reason: LeftOutReason | null }>(
    await db.execute(sql`with recursive ${voteStandings(counting, { kind: "battle", sessionId: battleId, userId })} select reason from standings`),
  );
  return row?.reason ?? null;
}

/** Why the viewer's vote on a post does not count (yet), or null when it counts. */
async function myVoteLeftOut(db: Executor, postId: number, userId: string, counting: VoteCounting) {
  const [row] = resultRows<{ reason: PostLeftOutReason | null }>(
    await db.execute(sql`with recursive ${voteStandings(counting, { kind: "post", postId, userId })} select reason from standings`),
  );
  return row?.reason ?? null;
}

/** When a waiting vote of `userId` counts: once their account is `minAccountAgeHours` old (ISO time). */
export async function countsFrom(db: Executor, userId: string, counting: VoteCounting) {
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? new Date(row.createdAt.getTime() + accountAgeWaitMs(counting)).toISOString() : null;
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
 * model, its counted votes and whether it is rated (`rated`: false for the offline demo, whose
 * comparisons count in their tally but not on the board), still in the order the viewer voted in (and `my_vote_left_out`
 * says why the viewer's own vote does not count yet, if it does not; `my_vote_counts_at`, when
 * a waiting one will). So too once the viewer
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
  const leftOut = myVote ? await myVoteLeftOut(db, post.id, viewerId, counting) : null;
  return {
    view: {
      revealed,
      can_vote: !isAuthor && through === null,
      my_vote: myVote ? order.indexOf(myVote.column) : null,
      my_vote_left_out: leftOut,
      my_vote_counts_at: leftOut === "waiting" ? await countsFrom(db, viewerId, counting) : null,
      revealed_by_post_id: through,
      total_votes: tally ? tally.reduce((a, b) => a + b, 0) : null,
      columns: order.map((column, shown) => {
        const model = post.comparison.models[column]!;
        return {
          column: shown,
          label: SHOWN_LABELS[shown]!,
          ...(tally
            ? { model_id: model.modelId, model_name: model.modelName, votes: tally[column]!, rated: isRatedModel(model.modelId ?? model.modelName) }
            : {}),
        };
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
      throw new AppError(
        "BAD_REQUEST",
        `column: this comparison has ${columns} answers; vote with a column from 0 to ${columns - 1} (0 for the answer labelled A).`,
      );
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
  revealed:
    sql<boolean>`(${posts.userId} = ${viewerId} or exists (select 1 from ${postVotes} where ${postVotes.postId} = ${posts.id} and ${postVotes.userId} = ${viewerId}))`.as(
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
