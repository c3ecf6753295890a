import { trpc } from "../trpc";

/**
 * Whether the open session is a battle ('blind', 'decided' or null), from the person's session
 * list, and whether that is known yet. A blind battle's history is refused until its verdict, so
 * whoever reads the history waits until `known` and skips a blind battle.
 */
export function useSessionBattle(sessionId: number, shared: boolean) {
  const sessions = trpc.chat.sessions.useQuery();
  const sessionBattle = shared ? null : (sessions.data?.sessions.find((s) => s.id === sessionId)?.battle ?? null);
  return { sessions, sessionBattle, known: shared || sessions.isFetched, historyReadable: (shared || sessions.isFetched) && sessionBattle !== "blind" };
}
