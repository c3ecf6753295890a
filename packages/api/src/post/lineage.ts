import { and, desc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { posts, users, type Executor } from "@parley/db";
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
