import type { RouterOutputs } from "@parley/api";

/** One page of the feed (`post.list`): summaries and the cursor of the next page. */
export type FeedPage = RouterOutputs["post"]["list"];
/** A post as the feed shows it, with the viewer's `has_liked`. */
export type PostSummary = FeedPage["posts"][number];
/** A post with its conversation (`post.byId`). */
export type PostDetail = RouterOutputs["post"]["byId"];
