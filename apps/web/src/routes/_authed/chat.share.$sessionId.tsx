import { createFileRoute } from "@tanstack/react-router";
import { ChatScreen } from "../../features/chat/chat-screen";
import { answerKeyOf, validateAnswerSearch } from "../../lib/answers/answer-search";

/** A shared conversation in read-only mode; `?answer=<key>` opens it at one of its answers. */
export const Route = createFileRoute("/_authed/chat/share/$sessionId")({
  validateSearch: validateAnswerSearch,
  staticData: { fillViewport: true },
  component: SharedChatPage,
});

function SharedChatPage() {
  const { sessionId } = Route.useParams();
  const answer = answerKeyOf(Route.useSearch());
  const id = Number(sessionId);
  return <ChatScreen key={id} mode={{ kind: "shared", sessionId: Number.isSafeInteger(id) && id > 0 ? id : 0, answer }} />;
}
