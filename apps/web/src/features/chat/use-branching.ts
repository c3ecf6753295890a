import { useMemo, useState } from "react";
import { messageOf, trpc } from "../../lib/trpc";
import type { BranchActions } from "./branch-actions";
import type { UiMessage } from "./messages";

type BranchingInput = {
  sessionId: number;
  /** Branch actions are offered on the owner's saved conversation only. */
  enabled: boolean;
  busy: boolean;
  models: { id: string; name: string }[];
  defaultModelId: string;
  /** Sends `text` on `modelId` as a new version of exchange `siblingOf`. */
  send: (text: string, modelId: string, siblingOf: number, regenerated: boolean) => Promise<void>;
};

/** Switching with an error the person can act on. */
const switchFailed = (reason: string) => `Could not show that version: ${reason}`;

/**
 * Edit, regenerate and version switching for the chat screen. While a new version streams, the
 * conversation is shown up to the exchange it replaces (`visible`), so the new one appears in its place.
 */
export function useBranching({ sessionId, enabled, busy, models, defaultModelId, send }: BranchingInput) {
  const utils = trpc.useUtils();
  const [replacing, setReplacing] = useState<number | null>(null);
  const switchBranch = trpc.chat.switchBranch.useMutation({
    onSettled: () => utils.chat.history.invalidate({ sessionId }),
    onError: (error) => window.alert(switchFailed(messageOf(error))),
  });

  const actions = useMemo<BranchActions | null>(() => {
    if (!enabled) return null;
    const sendVersion = async (text: string, modelId: string, siblingOf: number, regenerated: boolean) => {
      setReplacing(siblingOf);
      try {
        await send(text, modelId, siblingOf, regenerated);
      } finally {
        setReplacing(null);
      }
    };
    return {
      busy: busy || switchBranch.isPending,
      models,
      defaultModelId,
      edit: (entryId, text) => void sendVersion(text, defaultModelId, entryId, false),
      regenerate: (entryId, message, modelId) => void sendVersion(message, modelId, entryId, true),
      switchTo: (entryId) => switchBranch.mutate({ sessionId, entryId }),
    };
  }, [enabled, busy, models, defaultModelId, send, sessionId, switchBranch]);

  const visible = (messages: UiMessage[]) => {
    if (replacing === null) return messages;
    const at = messages.findIndex((message) => message.exchange?.entryId === replacing);
    return at < 0 ? messages : messages.slice(0, at);
  };
  return { actions, visible };
}
