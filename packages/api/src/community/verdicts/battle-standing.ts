import type { BattleChoice } from "@parley/contracts";
import type { Database, Executor } from "@parley/db";
import { getBattle } from "../../conversation/chat/battle/read";
import { decideBattle } from "../../conversation/chat/battle/verdict";
import { countsFrom, verdictLeftOut, type VoteCounting } from "../post/votes";

type Battle = Awaited<ReturnType<typeof getBattle>>;

/**
 * A battle with its verdict as the vote rules count it (voteStandings, the rule of post votes):
 * `counted` whether it counts on the board now, `left_out` why not (an answer did not complete,
 * the account is too new, or the day's cap was reached) and `counts_at`, when a waiting verdict
 * will count, as a post vote's answer says (`my_vote_left_out`, `my_vote_counts_at`).
 */
export async function withStanding(db: Executor, userId: string, battle: Battle, counting: VoteCounting) {
  if (!battle.verdict) return { ...battle, verdict: null };
  const reason = await verdictLeftOut(db, battle.battle_id, userId, counting);
  const leftOut = reason === "incomplete" || reason === "waiting" || reason === "capped" ? reason : null;
  return {
    ...battle,
    verdict: {
      ...battle.verdict,
      counted: reason === null,
      left_out: leftOut,
      counts_at: leftOut === "waiting" ? await countsFrom(db, userId, counting) : null,
    },
  };
}

/** One of the caller's battles, its verdict with its standing (chat.battleById). */
export async function getBattleStanding(db: Executor, userId: string, battleId: number, counting: VoteCounting) {
  return withStanding(db, userId, await getBattle(db, userId, battleId), counting);
}

/** Gives a battle its one verdict and answers with the battle as it now stands (chat.battleVerdict). */
export async function decideBattleStanding(db: Database, userId: string, battleId: number, choice: BattleChoice, now: Date, counting: VoteCounting) {
  const battle = await decideBattle(db, userId, battleId, choice, now);
  return withStanding(db, userId, battle, counting);
}
