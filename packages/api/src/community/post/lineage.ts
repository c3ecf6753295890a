import { and, desc, eq, isNull, sql, type SQLWrapper } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import { columnNames, postVotes, posts, resultRows, users, type Executor } from "@parley/db";
import { presentAuthor } from "./authors";

/** Most public forks a post lists. */
const FORKS_SHOWN = 20;

const author = { handle: users.handle, subject: users.subject, nickname: users.nickname, name: users.name, email: users.email, picture: users.picture };

/**
 * A post's lineage: the post it was forked from (while it exists) and its public forks, the
 * posts published from conversations cloned from it, newest first.
 */
export async function getPostLineage(db: Executor, postId: number) {
  const self = alias(posts, "self");
  const [origin] = await db
    .select({ id: posts.id, description: posts.description, ...author })
    .from(self)
    .innerJoin(posts, eq(posts.id, self.forkedFromPostId))
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(self.id, postId), isNull(posts.hiddenAt)))
    .limit(1);
  const forks = await db
    .select({ id: posts.id, description: posts.description, ...author })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.forkedFromPostId, postId), isNull(posts.hiddenAt)))
    .orderBy(desc(posts.id))
    .limit(FORKS_SHOWN);
  const present = (row: NonNullable<typeof origin>) => ({ id: row.id, description: row.description, ...presentAuthor(row) });
  return { forked_from: origin ? present(origin) : null, public_forks: forks.map(present) };
}

/** `alias."column"`: a column of a table read under an alias (as when the table meets itself). */
export const aliased = (alias: string, column: PgColumn) => sql`${sql.raw(alias)}.${columnNames(column)}`;

const r = (column: PgColumn) => aliased("r", column);
const o = (column: PgColumn) => aliased("o", column);
const p = (column: PgColumn) => aliased("p", column);

/**
 * A comparison's blind set, as the `lineage(post_id, root_id)` term of a `with recursive`: each
 * comparison post with the root of its fork tree, a fork of a comparison published as a
 * comparison joining its origin's tree. A fork keeps its origin's models (in the same order), so
 * whoever knows one post's models knows them all. With `postId`, only that post's tree; with
 * `{ postsIn }`, only the trees of the posts that subquery lists (walked up from each post to its
 * root, then down: time in proportion to those posts, not to every post).
 * Ids only grow along a fork (a fork is published after its origin), which bounds both walks.
 */
export const blindSetLineage = (postId?: number | SQLWrapper | { postsIn: SQLWrapper }) => sql`lineage(post_id, root_id) as (
  select ${r(posts.id)}, ${r(posts.id)} from ${posts} r
  where ${r(posts.comparison)} is not null
    and not exists (select 1 from ${posts} o where ${o(posts.id)} = ${r(posts.forkedFromPostId)} and ${o(posts.comparison)} is not null and ${o(posts.id)} < ${r(posts.id)})
    ${postId === undefined ? sql`` : typeof postId === "object" && "postsIn" in postId ? sql`and ${r(posts.id)} in (${rootsOf(postId.postsIn)})` : sql`and ${r(posts.id)} = (${rootOf(postId)})`}
  union all
  select ${p(posts.id)}, l.root_id from ${posts} p join lineage l on ${p(posts.forkedFromPostId)} = l.post_id and ${p(posts.id)} > l.post_id
  where ${p(posts.comparison)} is not null
)`;

/** The root of a comparison post's fork tree: the oldest comparison up its chain of origins. */
const rootOf = (postId: number | SQLWrapper) => sql`
  with recursive up(id, parent) as (
    select ${posts.id}, ${posts.forkedFromPostId} from ${posts} where ${posts.id} = ${postId}
    union all
    select ${o(posts.id)}, ${o(posts.forkedFromPostId)} from ${posts} o join up on ${o(posts.id)} = up.parent and ${o(posts.id)} < up.id where ${o(posts.comparison)} is not null
  )
  select min(id) from up`;

/** The roots of the fork trees of the posts a subquery lists, one per post (as rootOf). */
const rootsOf = (postsIn: SQLWrapper) => sql`
  with recursive up(id, parent, start) as (
    select ${posts.id}, ${posts.forkedFromPostId}, ${posts.id} from ${posts} where ${posts.id} in (${postsIn})
    union all
    select ${o(posts.id)}, ${o(posts.forkedFromPostId)}, up.start from ${posts} o join up on ${o(posts.id)} = up.parent and ${o(posts.id)} < up.id where ${o(posts.comparison)} is not null
  )
  select min(id) from up group by start`;

/**
 * SQL: the other posts of post `postId`'s blind set through which `userId` knew its models
 * before `before` (or at all, without it): by voting on one or by making it. Needs `lineage`.
 */
const revealingPosts = (postId: SQLWrapper | number, userId: SQLWrapper | string, before?: SQLWrapper) => sql`
  select other.post_id from lineage mine join lineage other on other.root_id = mine.root_id and other.post_id <> mine.post_id
  where mine.post_id = ${postId} and (
    exists (select 1 from ${postVotes} e where ${aliased("e", postVotes.postId)} = other.post_id and ${aliased("e", postVotes.userId)} = ${userId}
      ${before ? sql`and ${aliased("e", postVotes.createdAt)} < ${before}` : sql``})
    or exists (select 1 from ${posts} a where ${aliased("a", posts.id)} = other.post_id and ${aliased("a", posts.userId)} = ${userId}
      ${before ? sql`and ${aliased("a", posts.createdAt)} < ${before}` : sql``}))`;

/** SQL: whether `userId` knew post `postId`'s models before `before` through another post of its blind set. Needs `lineage`. */
export const knewFromBlindSet = (postId: SQLWrapper, userId: SQLWrapper, before: SQLWrapper) => sql`exists (${revealingPosts(postId, userId, before)})`;

/** The first other post of `postId`'s blind set through which `userId` knows its models (by voting on it or making it), or null. */
export async function knownThrough(db: Executor, postId: number, userId: string): Promise<number | null> {
  const rows = resultRows<{ post_id: number }>(
    await db.execute(sql`with recursive ${blindSetLineage(postId)} ${revealingPosts(postId, userId)} order by other.post_id limit 1`),
  );
  return rows[0] ? Number(rows[0].post_id) : null;
}
