import { chatInputs } from "@parley/contracts";
import type { Executor } from "@parley/db";
import { getBattle } from "../../conversation/chat/battle/read";
import { decideBattle } from "../../conversation/chat/battle/verdict";
import { loadUser, protectedProcedure, router } from "../../kit/trpc";
import { countsFrom, verdictLeftOut, voteCountingOf, type VoteCounting } from "../post/votes";

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
    verdict: { ...battle.verdict, counted: reason === null, left_out: leftOut, counts_at: leftOut === "waiting" ? await countsFrom(db, userId, counting) : null },
  };
}

/** Reading a battle and giving its verdict (chat.battleById, chat.battleVerdict): the answer says whether the verdict counts, and when. */
export const battleVerdictRouter = router({
  battleById: protectedProcedure
    .meta({ rest: { method: "GET", path: "/chat/battles/:id", summary: "One of the caller's battles: its answers as A and B, named only after the verdict" } })
    .input(chatInputs.battleById)
    .use(loadUser)
    .query(async ({ ctx, input }) => withStanding(ctx.db, ctx.user.id, await getBattle(ctx.db, ctx.user.id, input.id), voteCountingOf(ctx))),
  battleVerdict: protectedProcedure
    .meta({ rest: { method: "POST", path: "/chat/battles/:id/verdict", summary: "Give a battle its one verdict (a, b, tie or both_bad): final, and it names the models" } })
    .input(chatInputs.battleVerdict)
    .use(loadUser)
    .mutation(async ({ ctx, input }) => {
      const battle = await decideBattle(ctx.db, ctx.user.id, input.id, input.choice, ctx.now());
      return withStanding(ctx.db, ctx.user.id, battle, voteCountingOf(ctx));
    }),
});
