import type { RouterOutputs } from "@parley/api";
import { trpc } from "../../lib/trpc";

type Comment = RouterOutputs["post"]["comments"][number];
type Author = Pick<Comment, "user_id" | "username" | "avatar">;
type Snapshot = { comments: Comment[] | undefined; count: number | undefined };

/**
 * Adds a comment: it shows at once with the count one higher, then the list
 * reloads from the server; on failure both go back. The feeds' counts are
 * refreshed once the server has it.
 */
export function useAddComment(postId: number, author: Author) {
  const utils = trpc.useUtils();
  const bumpCount = (by: number) => utils.post.byId.setData({ id: postId }, (post) => post && { ...post, comments: Math.max(0, post.comments + by) });

  return trpc.post.addComment.useMutation({
    onMutate: async ({ content }): Promise<Snapshot> => {
      await Promise.all([utils.post.comments.cancel({ postId }), utils.post.byId.cancel({ id: postId })]);
      const snapshot = { comments: utils.post.comments.getData({ postId }), count: utils.post.byId.getData({ id: postId })?.comments };
      // A negative id marks the comment as not yet stored; the reload replaces it.
      const pending: Comment = { id: -Date.now(), handle: null, ...author, content: content.trim(), created_at: new Date().toISOString(), is_own: true, hidden: false };
      utils.post.comments.setData({ postId }, (list) => [...(list ?? []), pending]);
      bumpCount(1);
      return snapshot;
    },
    onError: (error, _input, snapshot) => {
      console.error("Adding a comment failed", error);
      if (!snapshot) return;
      utils.post.comments.setData({ postId }, snapshot.comments);
      utils.post.byId.setData({ id: postId }, (post) => post && snapshot.count !== undefined ? { ...post, comments: snapshot.count } : post);
    },
    onSuccess: (result) => {
      utils.post.byId.setData({ id: postId }, (post) => post && { ...post, comments: result.comments });
      void utils.post.list.invalidate();
    },
    onSettled: () => utils.post.comments.invalidate({ postId }),
  });
}
