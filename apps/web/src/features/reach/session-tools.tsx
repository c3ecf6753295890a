import { trpc } from "../../lib/trpc";
import { ExportButtons } from "./export-buttons";
import { PublicLinkPanel } from "../../components/public-link-panel";
import { useSessionBattle } from "../../lib/sessions/use-session-battle";

/**
 * Downloads of the owner's saved conversation, for the chat's options panel (its public page is
 * one of its share's audiences, chosen under 'Share Conversation').
 */
export function SessionTools({ sessionId }: { sessionId: number }) {
  // The same queries the chat screen reads: no extra request (and none for a blind battle's history, which is refused).
  const { historyReadable } = useSessionBattle(sessionId, false);
  const history = trpc.chat.history.useQuery({ sessionId, shared: false }, { enabled: sessionId > 0 && historyReadable });
  if (sessionId <= 0 || !history.data) return null;
  return (
    <div className="mt-5 flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <ExportButtons target={{ kind: "session", sessionId }} />
    </div>
  );
}

/** Downloads of a post for anyone who sees it, and its public link for its owner. */
export function PostTools({ postId }: { postId: number }) {
  if (postId <= 0) return null;
  return (
    <div className="flex flex-col gap-3">
      <ExportButtons target={{ kind: "post", postId }} />
      <PublicLinkPanel target={{ kind: "post", postId }} />
    </div>
  );
}
