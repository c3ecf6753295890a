import type { PostComparison, PostMessage } from "@parley/db";
import type { AuthorRow } from "./authors";

/** What publishing a conversation takes. */
export type PublishInput = { sessionId: number; description: string; categories: string[] };

/** A post as the feed, search and the post screen read it, before it is presented. */
export type PostRow = AuthorRow & {
  id: number;
  description: string;
  categories: string[];
  modelVersions: string[];
  likeCount: number;
  commentCount: number;
  forkCount: number;
  forkedFromPostId: number | null;
  createdAt: Date;
  hiddenAt: Date | null;
  hasLiked: boolean;
  /** For a comparison post: how many models it compares, and whether the viewer may see which. */
  compareCount?: number | null;
  revealed?: boolean;
};

/** What a post of a conversation holds: its messages, a comparison's side-by-side snapshot, the models' versions. */
export type PostSnapshot = { messages: PostMessage[]; comparison: PostComparison | null; modelVersions: string[] };
