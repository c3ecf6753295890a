import { messageOf, trpc } from "../../lib/trpc";

/**
 * The viewer's vote for the best answer of a comparison post: the answer reveals the models and
 * the tally, so the post (names, versions, messages), the feed and the leaderboard are read again.
 */
export function useVote(postId: number) {
  const utils = trpc.useUtils();
  const vote = trpc.post.vote.useMutation({
    onSuccess: async (comparison) => {
      utils.post.byId.setData({ id: postId }, (current) => (current && current.comparison ? { ...current, comparison } : current));
      await Promise.all([utils.post.byId.invalidate({ id: postId }), utils.post.list.invalidate(), utils.post.leaderboard.invalidate()]);
    },
  });
  return {
    pending: vote.isPending,
    pendingColumn: vote.isPending ? vote.variables?.column : undefined,
    error: vote.error ? messageOf(vote.error) : null,
    cast: (column: number) => {
      if (!vote.isPending) vote.mutate({ postId, column });
    },
  };
}
