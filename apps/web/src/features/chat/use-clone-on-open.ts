import { useEffect, useRef, useState } from "react";
import { useNavigate } from "@tanstack/react-router";
import { readAgain, trpc } from "../../lib/trpc";
import type { ChatMode } from "./chat-mode";
import { cloneFailureText } from "./clone-failure";
import { CHAT_TEXTS } from "./texts";

/**
 * `/chat?sessionId=N&cloneChat=true` clones that session, `/chat?postId=N&cloneChat=true` a post:
 * once, with the clone alerts, then opens the copy.
 */
export function useCloneOnOpen(mode: ChatMode) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const started = useRef("");
  const [cloning, setCloning] = useState(false);
  const wanted = mode.kind === "own" && mode.cloneChat;
  const key = !wanted ? "" : mode.postId ? `post:${mode.postId}` : mode.sessionId > 0 ? `session:${mode.sessionId}` : "";

  useEffect(() => {
    // Guarded by key, so React's repeated effects in development clone once.
    if (!key || started.current === key) return;
    started.current = key;
    setCloning(true);
    window.alert(CHAT_TEXTS.cloneStart);
    const [kind, id] = key.split(":") as ["post" | "session", string];
    const clone =
      kind === "post"
        ? utils.client.chat.clonePost.mutate({ postId: Number(id) })
        : utils.client.chat.clone.mutate({ sessionId: Number(id), addCloneText: true });
    clone
      .then(async (result) => {
        if (!result.new_session_id) throw new Error("no new_session_id");
        // The post's page counts its forks: it shows this one when opened again.
        if (kind === "post") void utils.post.byId.invalidate({ id: Number(id) });
        // The list's first load may still be on its way without the copy; the chat screen finds
        // a comparison's models in the list.
        await readAgain(utils.chat.sessions);
        void navigate({ to: "/chat", search: { sessionId: result.new_session_id }, replace: true });
      })
      .catch((error: unknown) => {
        window.alert(cloneFailureText(error));
      })
      .finally(() => setCloning(false));
  }, [key, navigate, utils]);

  return cloning;
}
