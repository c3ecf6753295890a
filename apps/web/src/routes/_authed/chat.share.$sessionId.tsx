import { createFileRoute } from "@tanstack/react-router";
import { ChatScreen } from "../../features/chat/chat-screen";

/** A shared conversation in read-only mode. */
export const Route = createFileRoute("/_authed/chat/share/$sessionId")({
  component: SharedChatPage,
});

function SharedChatPage() {
  const { sessionId } = Route.useParams();
  const id = Number(sessionId);
  return <ChatScreen key={id} mode={{ kind: "shared", sessionId: Number.isSafeInteger(id) && id > 0 ? id : 0 }} />;
}
