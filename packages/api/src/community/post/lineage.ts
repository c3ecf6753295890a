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

/**
 * A comparison's blind set, as the `lineage(post_id, root_id)` term of a `with`: each comparison
 * post with the first post of its set (`posts.blind_root_id`, kept by a trigger: a fork of a
 * comparison published as a comparison joins its origin's set). A fork keeps its origin's models
 * (in the same order), so whoever knows one post's models knows them all. With `postId`, only
 * that post's set; with `{ postsIn }`, only the sets of the posts that subquery lists; each found
 * by the index on the stored root, in time in proportion to those sets' posts.
 */
export const blindSetLineage = (postId?: number | SQLWrapper | { postsIn: SQLWrapper }) => sql`lineage(post_id, root_id) as (
  select ${posts.id}, ${posts.blindRootId} from ${posts}
  where ${posts.blindRootId} is not null
    ${
      postId === undefined
        ? sql``
        : typeof postId === "object" && "postsIn" in postId
          ? sql`and ${posts.blindRootId} in (select ${aliased("o", posts.blindRootId)} from ${posts} o where ${aliased("o", posts.id)} in (${postId.postsIn}))`
          : sql`and ${posts.blindRootId} = (select ${aliased("o", posts.blindRootId)} from ${posts} o where ${aliased("o", posts.id)} = ${postId})`
    }
)`;

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
