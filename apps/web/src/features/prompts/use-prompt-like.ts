import type { PromptDetail } from "@parley/contracts";
import { trpc } from "../../lib/trpc";

/**
 * Like or unlike a prompt: the heart and count change at once, settle on the server's count, and
 * go back as they were if the call fails.
 */
export function usePromptLike(prompt: Pick<PromptDetail, "id" | "likedByMe">) {
  const utils = trpc.useUtils();
  const key = { id: prompt.id };
  const like = trpc.prompt.like.useMutation({
    onMutate: async ({ liked }) => {
      await utils.prompt.get.cancel(key);
      const before = utils.prompt.get.getData(key);
      utils.prompt.get.setData(key, (current) => (current ? { ...current, likedByMe: liked, likes: Math.max(0, current.likes + (liked ? 1 : -1)) } : current));
      return { before };
    },
    onSuccess: (result) => utils.prompt.get.setData(key, (current) => (current ? { ...current, likedByMe: result.liked, likes: result.likes } : current)),
    onError: (error, _input, context) => {
      console.error("Changing the like failed", error);
      if (context?.before) utils.prompt.get.setData(key, context.before);
    },
  });
  return {
    pending: like.isPending,
    toggle: () => {
      if (!like.isPending) like.mutate({ id: prompt.id, liked: !prompt.likedByMe });
    },
  };
}
