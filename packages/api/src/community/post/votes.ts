import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import { battleVerdicts, postVotes, posts, resultRows, users, type Database, type Executor, type PostComparison, type PostMessage } from "@parley/db";
import { DEFAULT_VOTE_RULES, type VoteRules } from "../../kit/context";
import { AppError } from "../../kit/errors";
import { isRatedModel } from "../../conversation/chat/rated";
import { aliased, blindSetLineage, knownThrough } from "./lineage";
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
 * blind sets).
 */
export type StandingScope =
  | { kind: "all" }
  | { kind: "post"; postId: SQLWrapper | number; userId?: SQLWrapper | string }
  | { kind: "battle"; sessionId: number; userId: string }
  | { kind: "voters"; after: string | null; upTo: string };

const uuidOf = (value: SQLWrapper | string) => (typeof value === "string" ? sql`${value}::uuid` : value);

/**
 * SQL: the terms of a `with recursive` that end in `standings(kind, item, user_id, col,
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
  const youngAfter = new Date(counting.now.getTime() - counting.minAccountAgeHours * 3_600_000).toISOString();
  const posted = (alias: string) => {
    const userId = aliased(alias, postVotes.userId);
    if (scope.kind === "all") return sql`true`;
    if (scope.kind === "voters") return votersIn(userId, scope);
    if (scope.kind === "battle") return sql`false`;
    const post = sql`${aliased(alias, postVotes.postId)} = ${scope.postId}`;
    return scope.userId === undefined ? post : sql`${post} and ${userId} = ${uuidOf(scope.userId)}`;
  };
  const verdicts = (alias: string) => {
    if (scope.kind === "all") return sql`true`;
    if (scope.kind === "voters") return votersIn(aliased(alias, battleVerdicts.userId), scope);
    if (scope.kind === "battle") return sql`${aliased(alias, battleVerdicts.sessionId)} = ${scope.sessionId}::bigint and ${aliased(alias, battleVerdicts.userId)} = ${uuidOf(scope.userId)}`;
    return sql`false`;
  };
  // One post's or one battle's votes: only their voters' own votes and verdicts are read.
  const one = scope.kind === "post" || scope.kind === "battle";
  const ofVoters = (userId: SQLWrapper) => (one ? sql`${userId} in (select user_id from scoped)` : sql`true`);
  const e = (column: Parameters<typeof aliased>[1]) => aliased("e", column);
  const f = (column: Parameters<typeof aliased>[1]) => aliased("f", column);
  const a = (column: Parameters<typeof aliased>[1]) => aliased("a", column);
  // The blind sets the scope's votes need: one post's tree, the trees of the posts a run of voters voted on or made, or all.
  // (A battle belongs to no blind set of posts.)
  const noTrees = { postsIn: sql`select ${posts.id} from ${posts} where false` };
  const trees =
    scope.kind === "post"
      ? scope.postId
      : scope.kind === "voters"
        ? { postsIn: sql`select ${aliased("tv", postVotes.postId)} from ${postVotes} tv where ${votersIn(aliased("tv", postVotes.userId), scope)}
            union all select ${aliased("ta", posts.id)} from ${posts} ta where ${votersIn(aliased("ta", posts.userId), scope)}` }
        : scope.kind === "battle"
          ? noTrees
          : undefined;
  return sql`${blindSetLineage(trees)},
  scoped(kind, item, user_id, col, shown_order, created_at, updated_at) as (
    select 'post'::text, ${aliased("sv", postVotes.postId)}::bigint, ${aliased("sv", postVotes.userId)}, ${aliased("sv", postVotes.column)},
           ${aliased("sv", postVotes.shownOrder)}, ${aliased("sv", postVotes.createdAt)}, ${aliased("sv", postVotes.updatedAt)}
    from ${postVotes} sv where ${posted("sv")}
    union all
    select 'battle'::text, ${aliased("sb", battleVerdicts.sessionId)}::bigint, ${aliased("sb", battleVerdicts.userId)}, null::smallint, null::smallint[],
           ${aliased("sb", battleVerdicts.createdAt)}, ${aliased("sb", battleVerdicts.createdAt)}
    from ${battleVerdicts} sb where ${verdicts("sb")}
  ),
  day_places(kind, item, user_id, place) as (
    select kind, item, user_id, row_number() over (partition by user_id, date_trunc('day', created_at, 'UTC') order by created_at, kind, item) - 1
    from (${
      one
        ? // A post's votes (or a battle's verdict) need only their voters' votes and verdicts of the same day up to each vote (one vote per voter and post).
          sql`select 'post'::text as kind, ${e(postVotes.postId)}::bigint as item, ${e(postVotes.userId)} as user_id, ${e(postVotes.createdAt)} as created_at
      from scoped sd join ${postVotes} e on ${e(postVotes.userId)} = sd.user_id and ${e(postVotes.createdAt)} >= date_trunc('day', sd.created_at, 'UTC') and ${e(postVotes.createdAt)} <= sd.created_at
      union all
      select 'battle'::text, ${f(battleVerdicts.sessionId)}::bigint, ${f(battleVerdicts.userId)}, ${f(battleVerdicts.createdAt)}
      from scoped sd join ${battleVerdicts} f on ${f(battleVerdicts.userId)} = sd.user_id and ${f(battleVerdicts.createdAt)} >= date_trunc('day', sd.created_at, 'UTC') and ${f(battleVerdicts.createdAt)} <= sd.created_at`
        : sql`select 'post'::text as kind, ${e(postVotes.postId)}::bigint as item, ${e(postVotes.userId)} as user_id, ${e(postVotes.createdAt)} as created_at
      from ${postVotes} e where ${posted("e")}
      union all
      select 'battle'::text, ${f(battleVerdicts.sessionId)}::bigint, ${f(battleVerdicts.userId)}, ${f(battleVerdicts.createdAt)}
      from ${battleVerdicts} f where ${verdicts("f")}`
    }) events
  ),
  first_known(root_id, user_id, at) as (
    select root_id, user_id, min(at) from (
      select l.root_id, ${e(postVotes.userId)} as user_id, ${e(postVotes.createdAt)} as at
      from ${postVotes} e join lineage l on l.post_id = ${e(postVotes.postId)} where ${scope.kind === "voters" ? votersIn(e(postVotes.userId), scope) : ofVoters(e(postVotes.userId))}
      union all
      select l.root_id, ${a(posts.userId)}, ${a(posts.createdAt)}
      from ${posts} a join lineage l on l.post_id = ${a(posts.id)} where ${scope.kind === "voters" ? votersIn(a(posts.userId), scope) : ofVoters(a(posts.userId))}
    ) known
    group by root_id, user_id
  ),
  standings(kind, item, user_id, col, shown_order, created_at, reason) as (
    select s.kind, s.item, s.user_id, s.col, s.shown_order, s.created_at, (case
      when s.kind = 'post' and ${aliased("sp", posts.userId)} = s.user_id then 'author'
      when s.kind = 'post' and (s.updated_at <> s.created_at or k.at < s.created_at) then 'not_blind'
      when s.kind = 'battle' and not ${aliased("sc", battleVerdicts.counted)} then 'incomplete'
      ${counting.minAccountAgeHours > 0 ? sql`when ${aliased("su", users.createdAt)} > ${youngAfter}::timestamptz then 'waiting'` : sql``}
      ${counting.dailyCap > 0 ? sql`when d.place >= ${counting.dailyCap} then 'capped'` : sql``}
    end)::text
    from scoped s
    join ${users} su on ${aliased("su", users.id)} = s.user_id
    join day_places d on d.kind = s.kind and d.item = s.item and d.user_id = s.user_id
    left join ${posts} sp on s.kind = 'post' and ${aliased("sp", posts.id)} = s.item
    left join lineage sl on s.kind = 'post' and sl.post_id = s.item
    left join first_known k on k.root_id = sl.root_id and k.user_id = s.user_id
    left join ${battleVerdicts} sc on s.kind = 'battle' and ${aliased("sc", battleVerdicts.sessionId)} = s.item
  )`;
}

const votersIn = (userId: SQLWrapper, scope: { after: string | null; upTo: string }) =>
  scope.after === null ? sql`${userId} <= ${scope.upTo}::uuid` : sql`${userId} > ${scope.after}::uuid and ${userId} <= ${scope.upTo}::uuid`;

/**
 * SQL: why one post vote does not count (one of LEFT_OUT_REASONS), or null when it counts: the
 * standings (voteStandings) of that vote, for a statement that reads votes one by one.
 */
export function voteLeftOutReason(votes: VoteRefs, counting: VoteCounting) {
  return sql<LeftOutReason | null>`(with recursive ${voteStandings(counting, { kind: "post", postId: votes.postId, userId: votes.userId })}
    select reason from standings limit 1)`;
}

/** SQL: whether a post vote counts (voteLeftOutReason gives none). */
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
export async function leftOutVotes(db: Executor, counting: VoteCounting, category?: string): Promise<Record<PostLeftOutReason, number>> {
  const p = (column: Parameters<typeof aliased>[1]) => aliased("p", column);
  const rows = resultRows<{ reason: LeftOutReason | null; votes: number }>(
    await db.execute(sql`
      with recursive ${voteStandings(counting, { kind: "all" })}
      select s.reason, count(*)::int as votes
      from standings s join ${posts} p on s.kind = 'post' and ${p(posts.id)} = s.item
      where s.reason is not null and ${p(posts.comparison)} is not null and ${p(posts.hiddenAt)} is null ${category ? sql`and ${p(posts.categories)} @> array[${category}]::text[]` : sql``}
      group by s.reason`),
  );
  const counts = Object.fromEntries(LEFT_OUT_REASONS.filter((reason) => reason !== "incomplete").map((reason) => [reason, 0])) as Record<PostLeftOutReason, number>;
  for (const row of rows) if (row.reason && row.reason !== "incomplete") counts[row.reason] = Number(row.votes);
  return counts;
}

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
  return row ? new Date(row.createdAt.getTime() + counting.minAccountAgeHours * 3_600_000).toISOString() : null;
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
          ...(tally ? { model_id: model.modelId, model_name: model.modelName, votes: tally[column]!, rated: isRatedModel(model.modelId ?? model.modelName) } : {}),
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
