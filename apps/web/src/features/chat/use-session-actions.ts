import { useNavigate } from "@tanstack/react-router";
import { TRPCClientError } from "@trpc/client";
import { usePrivacyCheck, type PrivacyChoice, type PrivacyTarget } from "../../components/privacy-check/use-privacy-check";
import { messageOf, trpc } from "../../lib/trpc";
import { shareSessionLink } from "./share-link";
import { CHAT_TEXTS } from "./texts";

type SessionActionsInput = {
  sessionId: number;
  /** What the post is published under: empty when no category was chosen. */
  categories: string[];
  description: string;
  clearDescription: () => void;
  openSession: (id: number) => void;
};

/**
 * Delete, share, stop sharing and post for the open conversation, with a confirmation
 * before deleting and an alert for each outcome. The list and the history change at once and roll back if the server refuses.
 */
export function useSessionActions({ sessionId, categories, description, clearDescription, openSession }: SessionActionsInput) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();

  const remove = trpc.chat.delete.useMutation({
    onMutate: async ({ id }) => {
      await utils.chat.sessions.cancel();
      const previous = utils.chat.sessions.getData();
      utils.chat.sessions.setData(undefined, (old) => old && { sessions: old.sessions.filter((session) => session.id !== id) });
      return { previous };
    },
    onError: (_error, _input, context) => utils.chat.sessions.setData(undefined, context?.previous),
    onSettled: () => utils.chat.sessions.invalidate(),
  });
  const deleteSession = async (id: number) => {
    if (!window.confirm(CHAT_TEXTS.confirmDelete)) return;
    if (id === sessionId) openSession(0);
    try {
      await remove.mutateAsync({ id });
    } catch (error) {
      window.alert(error instanceof TRPCClientError ? CHAT_TEXTS.deleteError(messageOf(error)) : CHAT_TEXTS.deleteUnexpected);
    }
  };

  // Sharing and posting pass the privacy check first (docs/privacy.md): null when the person cancels it.
  const privacy = usePrivacyCheck();
  const checkPrivacy = async (target: PrivacyTarget, description?: string): Promise<PrivacyChoice | null> => {
    try {
      return await privacy.check(target, sessionId, description);
    } catch (error) {
      window.alert(CHAT_TEXTS.privacyCheckFailed(messageOf(error)));
      return null;
    }
  };

  const historyKey = { sessionId, shared: false };
  const share = trpc.chat.share.useMutation({
    onMutate: async ({ shared = true }) => {
      await utils.chat.history.cancel(historyKey);
      const previous = utils.chat.history.getData(historyKey);
      utils.chat.history.setData(historyKey, (old) => old && { ...old, shared });
      return { previous };
    },
    onError: (_error, _input, context) => utils.chat.history.setData(historyKey, context?.previous),
    // The share's controls are read again: a share that just began (or ended) has other ones.
    onSettled: () =>
      Promise.all([
        utils.chat.sessions.invalidate(),
        utils.chat.history.invalidate(historyKey),
        utils.publicLink.settings.invalidate({ kind: "share", id: sessionId }),
      ]),
  });
  const shareSession = async () => {
    if (sessionId <= 0) return window.alert(CHAT_TEXTS.shareNeedsSave);
    const choice = await checkPrivacy("share");
    if (!choice) return;
    try {
      await share.mutateAsync({ id: sessionId, shared: true, ...choice });
    } catch (error) {
      return window.alert(CHAT_TEXTS.shareFailed(messageOf(error)));
    }
    await shareSessionLink(sessionId);
  };
  const unshareSession = async () => {
    await share.mutateAsync({ id: sessionId, shared: false }).catch((error: unknown) => window.alert(CHAT_TEXTS.unshareError(messageOf(error))));
  };

  const post = trpc.post.create.useMutation();
  const postSession = async () => {
    if (sessionId <= 0) return window.alert(CHAT_TEXTS.postNeedsSave);
    if (!description.trim()) return window.alert(CHAT_TEXTS.postNeedsDescription);
    // The description leaves with the messages: it is checked with them.
    const choice = await checkPrivacy("post", description.trim());
    if (!choice) return;
    try {
      const result = await post.mutateAsync({ chat_id: sessionId, description: description.trim(), categories: categories as never[], ...choice });
      if (!result.post_id) return window.alert(CHAT_TEXTS.postNoId);
      clearDescription();
      // The post a fork came from lists it among its forks at once, and lists show the new post.
      void utils.post.invalidate();
      void navigate({ to: "/post/$postId", params: { postId: String(result.post_id) } });
    } catch (error) {
      window.alert(error instanceof TRPCClientError ? CHAT_TEXTS.postError(messageOf(error)) : CHAT_TEXTS.postUnexpected);
    }
  };

  return { deleteSession, shareSession, unshareSession, sharing: share.isPending, postSession, posting: post.isPending, privacyDialog: privacy.dialog };
}
