import { localTime } from "../../../lib/time";
import { BATTLE_TEXTS } from "./texts";

/** What VerdictNote reads of a verdict. */
export type VerdictNoteInput = { left_out: "incomplete" | "waiting" | "capped" | null; counts_at: string | null };

/**
 * Why a battle's verdict does not count on the leaderboard, or null when it does: an answer did
 * not complete, the account is too new (and when the verdict will count), or the day's cap was
 * reached, as a comparison post says after a vote.
 */
export function verdictNoteText(verdict: VerdictNoteInput, formatTime: (iso: string) => string = localTime): string | null {
  if (verdict.left_out === "incomplete") return BATTLE_TEXTS.notCounted;
  if (verdict.left_out === "waiting" && verdict.counts_at) return BATTLE_TEXTS.waitingNote(formatTime(verdict.counts_at));
  if (verdict.left_out === "capped") return BATTLE_TEXTS.cappedNote;
  return null;
}
