import { trpc } from "../../lib/trpc";
import { withLike } from "./feed-cache";
import type { PostSummary } from "./post-types";
import { usePostCache, type PostCacheSnapshot } from "./use-post-cache";

/**
 * Like or unlike a post: the heart and count change at once everywhere the post
 * is shown, settle on the server's count, and go back as they were if the call fails (a failure
 * is only logged).
 */
export function useLikePost(post: Pick<PostSummary, "id" | "has_liked">) {
  const cache = usePostCache();
  const postId = post.id;
  const onMutate = async (liked: boolean) => {
    await cache.cancel(postId);
    const snapshot = cache.snapshot(postId);
    cache.update(postId, (current) => withLike(current, liked));
    return snapshot;
  };
  const settle = (likes: number) => cache.update(postId, (current) => ({ ...current, likes }));
  const rollback = (error: unknown, context: PostCacheSnapshot | undefined) => {
    console.error("Changing the like failed", error);
    if (context) cache.restore(context);
  };

  const like = trpc.post.like.useMutation({
    onMutate: () => onMutate(true),
    onSuccess: (result) => settle(result.likes),
    onError: (error, _input, context) => rollback(error, context),
  });
  const unlike = trpc.post.unlike.useMutation({
    onMutate: () => onMutate(false),
    onSuccess: (result) => settle(result.likes),
    onError: (error, _input, context) => rollback(error, context),
  });

  const pending = like.isPending || unlike.isPending;
  return {
    pending,
    toggle: () => {
      // One change at a time per post: a second click while the first is on its way would
      // roll back onto a stale snapshot.
      if (pending || postId <= 0) return;
      (post.has_liked ? unlike : like).mutate({ postId });
    },
  };
}
