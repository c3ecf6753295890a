import { trpc } from "../../lib/trpc";
import type { PostSummary } from "./post-card";

type Update = (postId: number, change: (post: PostSummary) => PostSummary) => void;

/**
 * Likes or unlikes at once on screen (count ±1, never below 0) and settles on the server's
 * count; a failure puts the post back as it was (spec §4; errors are only logged, §8).
 */
export function useToggleLike(update: Update) {
  const like = trpc.post.like.useMutation();
  const unlike = trpc.post.unlike.useMutation();
  return async (post: PostSummary) => {
    const liked = post.has_liked;
    update(post.id, (current) => ({ ...current, has_liked: !liked, likes: Math.max(0, current.likes + (liked ? -1 : 1)) }));
    try {
      const result = liked ? await unlike.mutateAsync({ postId: post.id }) : await like.mutateAsync({ postId: post.id });
      update(post.id, (current) => ({ ...current, has_liked: !liked, likes: result.likes }));
    } catch (error) {
      console.error("Changing the like failed", error);
      update(post.id, (current) => ({ ...current, has_liked: liked, likes: post.likes }));
    }
  };
}
