import { trpc } from "../../lib/trpc";
import { failureText } from "./failure-text";
import { COMMENT_TEXTS } from "./texts";

/**
 * Deletes one of the viewer's comments after asking; the post's counts follow (an anchored
 * comment's answer count with the post's reload). `onFailure` gets the text to show, or null
 * when a new try starts.
 */
export function useDeleteComment(postId: number, onFailure: (text: string | null) => void) {
  const utils = trpc.useUtils();
  const remove = trpc.post.deleteComment.useMutation({
    onSuccess: (result) => {
      utils.post.byId.setData({ id: postId }, (post) => post && { ...post, comments: result.comments });
      void utils.post.list.invalidate();
    },
    onSettled: () => Promise.all([utils.post.comments.invalidate({ postId }), utils.post.byId.invalidate({ id: postId })]),
  });
  return async (commentId: number) => {
    if (!window.confirm(COMMENT_TEXTS.deleteConfirm)) return;
    onFailure(null);
    try {
      await remove.mutateAsync({ commentId });
    } catch (error) {
      onFailure(failureText(error, { answered: COMMENT_TEXTS.deleteFailed, broken: COMMENT_TEXTS.deleteFailed }));
    }
  };
}
