import type { RouterOutputs } from "@parley/api";
import { pictureAvatar } from "../../components/avatar";
import { useAuth } from "../../lib/auth";
import { trpc } from "../../lib/trpc";

type Comment = RouterOutputs["post"]["comments"][number];
type Author = Pick<Comment, "user_id" | "username" | "avatar">;
type Snapshot = { comments: Comment[] | undefined; count: number | undefined; answerCount: number | undefined };

/**
 * Adds a comment, on the whole post or anchored to one of its answers: it shows at once with
 * the counts one higher, then the list reloads from the server; on failure both go back. The
 * feeds' counts are refreshed once the server has it.
 */
export function useAddComment(postId: number, author: Author, /** How the answer comments go to is named ('answer 2'). */ answerLabel: string | null = null) {
  const utils = trpc.useUtils();
  const setCounts = (count: (now: number) => number, answer: string | undefined, answerCount: (now: number) => number) =>
    utils.post.byId.setData({ id: postId }, (post) => {
      if (!post) return post;
      const answers =
        answer === undefined ? post.answer_comments : { ...post.answer_comments, [answer]: Math.max(0, answerCount(post.answer_comments[answer] ?? 0)) };
      return { ...post, comments: Math.max(0, count(post.comments)), answer_comments: answers };
    });

  return trpc.post.addComment.useMutation({
    onMutate: async ({ content, answer }): Promise<Snapshot> => {
      await Promise.all([utils.post.comments.cancel({ postId }), utils.post.byId.cancel({ id: postId })]);
      const post = utils.post.byId.getData({ id: postId });
      const snapshot = {
        comments: utils.post.comments.getData({ postId }),
        count: post?.comments,
        answerCount: answer === undefined ? undefined : (post?.answer_comments[answer] ?? 0),
      };
      // A negative id marks the comment as not yet stored; the reload replaces it.
      const pending: Comment = {
        id: -Date.now(),
        handle: null,
        ...author,
        content: content.trim(),
        created_at: new Date().toISOString(),
        is_own: true,
        hidden: false,
        answer: answer ?? null,
        answer_label: answer === undefined ? null : answerLabel,
      };
      utils.post.comments.setData({ postId }, (list) => [...(list ?? []), pending]);
      setCounts(
        (n) => n + 1,
        answer,
        (n) => n + 1,
      );
      return snapshot;
    },
    onError: (error, input, snapshot) => {
      console.error("Adding a comment failed", error);
      if (!snapshot) return;
      utils.post.comments.setData({ postId }, snapshot.comments);
      setCounts(
        (n) => snapshot.count ?? n,
        input.answer,
        (n) => snapshot.answerCount ?? n,
      );
    },
    onSuccess: (result) => {
      utils.post.byId.setData({ id: postId }, (post) => post && { ...post, comments: result.comments });
      void utils.post.list.invalidate();
    },
    onSettled: (_result, _error, input) =>
      Promise.all([utils.post.comments.invalidate({ postId }), input.answer === undefined ? undefined : utils.post.byId.invalidate({ id: postId })]),
  });
}

/** The signed-in viewer as their new comment shows before the server answers. */
export function useCommentAuthor(): Author {
  const { user } = useAuth();
  const name = user?.profile.nickname || user?.profile.name || user?.profile.email?.split("@")[0] || "You";
  return { user_id: user?.profile.sub ?? "", username: name, avatar: pictureAvatar(user?.profile.picture, name) };
}
