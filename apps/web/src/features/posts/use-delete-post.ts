import { TRPCClientError } from "@trpc/client";
import { messageOf, trpc } from "../../lib/trpc";
import { POST_TEXTS } from "./texts";
import { usePostCache } from "./use-post-cache";

/** Where the delete was asked from: texts and the last step differ. */
type Place = "feed" | "page";

/**
 * Deletes the viewer's own post once they confirm it, then removes it from every feed
 * in the cache. Resolves true when it is gone.
 */
export function useDeletePost(place: Place) {
  const cache = usePostCache();
  const remove = trpc.post.delete.useMutation();
  const run = async (postId: number): Promise<boolean> => {
    if (!window.confirm(place === "feed" ? POST_TEXTS.confirmDeleteFeed : POST_TEXTS.confirmDeletePage)) return false;
    try {
      await remove.mutateAsync({ id: postId });
    } catch (error) {
      console.error("Deleting the post failed", error);
      const known = error instanceof TRPCClientError;
      window.alert(known ? POST_TEXTS.deleteFailed(messageOf(error)) : place === "feed" ? POST_TEXTS.deleteUnexpected : POST_TEXTS.deleteFailedPlain);
      return false;
    }
    cache.update(postId, () => null);
    return true;
  };
  return { run, pending: remove.isPending };
}
