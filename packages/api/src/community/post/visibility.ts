import { eq, isNull, or, type Placeholder } from "drizzle-orm";
import { posts } from "@parley/db";

export const POST_NOT_FOUND = "Post not found. It may have been removed.";

/** A post the viewer may see: one no moderator has hidden, or their own (which shows as hidden). */
export const postVisibleTo = (viewerId: ViewerRef) => or(isNull(posts.hiddenAt), eq(posts.userId, viewerId))!;

/** The viewer's id, or the placeholder of a prepared query that is given it on each run. */
export type ViewerRef = string | Placeholder;
