import { createFileRoute } from "@tanstack/react-router";
import { ChatScreen } from "../../features/chat/chat-screen";
import { ImportConversations } from "../../features/reach/import-conversations";
import { SessionTools } from "../../features/reach/session-tools";

type ChatSearch = { sessionId?: number; cloneChat?: boolean; postId?: number; promptId?: number; compare?: boolean; battle?: boolean };

/** Positive integers only; anything else means "none" (0 or less is unsaved). */
const positive = (value: unknown) => {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/**
 * The chat screen: `sessionId`, and `cloneChat=true` with a session or a `postId`; `promptId` starts
 * a new conversation from a library prompt, as a comparison with `compare=true` or a blind battle with `battle=true`.
 */
export const Route = createFileRoute("/_authed/chat/")({
  validateSearch: (search: Record<string, unknown>): ChatSearch => ({
    sessionId: positive(search.sessionId),
    postId: positive(search.postId),
    cloneChat: search.cloneChat === true || search.cloneChat === "true" ? true : undefined,
    promptId: positive(search.promptId),
    compare: search.compare === true || search.compare === "true" ? true : undefined,
    battle: search.battle === true || search.battle === "true" ? true : undefined,
  }),
  staticData: { fillViewport: true },
  component: ChatPage,
});

function ChatPage() {
  const search = Route.useSearch();
  const sessionId = search.sessionId ?? 0;
  return (
    <ChatScreen
      mode={{
        kind: "own",
        sessionId,
        cloneChat: search.cloneChat === true,
        postId: search.postId ?? null,
        startPrompt: search.promptId ? { id: search.promptId, compare: search.compare === true, battle: search.battle === true } : null,
      }}
      optionsExtra={<SessionTools sessionId={sessionId} />}
      sessionsExtra={<ImportConversations />}
    />
  );
}
