import { localTime } from "../../lib/time";
import { COMPARE_TEXTS } from "./texts";

/** What VoteStatus reads of a comparison. */
export type VoteStatusInput = {
  revealed: boolean;
  can_vote: boolean;
  total_votes: number | null;
  my_vote_left_out: string | null;
  my_vote_counts_at: string | null;
  columns: { label: string; model_name?: string; rated?: boolean }[];
};

/**
 * The note above a comparison's answers: blind (how to vote), the author's, or after a vote, the
 * tally so far, or for a vote that waits for the account's age, when it will count (its tally
 * would read 0 and say nothing of it), and for a vote over the day's cap, why it is not counted;
 * once the models are named, that a model not rated (the offline demo) keeps the comparison off the Leaderboard.
 */
export function voteStatusText(comparison: VoteStatusInput, formatTime: (iso: string) => string = localTime): string {
  const text = statusText(comparison, formatTime);
  // Once the models are named: a model that is not rated (the offline demo) keeps the whole comparison off the board.
  const unrated = comparison.revealed ? comparison.columns.filter((column) => column.rated === false).map((column) => column.model_name ?? column.label) : [];
  return unrated.length > 0 ? `${text} ${COMPARE_TEXTS.unratedNote(unrated)}` : text;
}

function statusText(comparison: VoteStatusInput, formatTime: (iso: string) => string): string {
  if (!comparison.can_vote) return COMPARE_TEXTS.authorNote;
  if (!comparison.revealed) return COMPARE_TEXTS.blindNote(comparison.columns.map((c) => c.label));
  if (comparison.my_vote_left_out === "waiting" && comparison.my_vote_counts_at) return COMPARE_TEXTS.waitingNote(formatTime(comparison.my_vote_counts_at));
  const leftOut = COMPARE_TEXTS.leftOutNote(comparison.my_vote_left_out);
  const voted = COMPARE_TEXTS.votedNote(comparison.total_votes ?? 0);
  return leftOut ? `${voted} ${leftOut}` : voted;
}
