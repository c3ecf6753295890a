import { chatInputs } from "@parley/contracts";
import { loadUser, protectedProcedure, rateLimit } from "../../../kit/trpc";
import { parseMessage } from "../send-input";
import { promptUseOf, recordingPromptUse } from "../../prompts/uses";
import { usableModelIds } from "../options";
import { startBattle } from ".";
import { getBattle } from "./read";
import { decideBattle } from "./verdict";

/** The blind battle procedures of the chat router (docs/leaderboard.md, "Battles"). */
export function battleProcedures() {
  return {
    /** Streams `BattleEvent`s: over tRPC with the streaming link, over REST as JSON or SSE. */
    battle: protectedProcedure
      .meta({
        rest: {
          method: "POST",
          path: "/chat/battles",
          summary: "Start a blind battle: two models drawn from those the caller may use answer one message as A and B, unnamed until the verdict: JSON once both have ended, or Server-Sent Events",
        },
      })
      .input(chatInputs.battle)
      .use(rateLimit("send"))
      .use(loadUser)
      .mutation(async ({ ctx, input, signal }) => {
        const content = parseMessage(input.messages.at(-1));
        const usable = await usableModelIds(ctx, ctx.user.id);
        const events = await startBattle(
          ctx,
          ctx.auth,
          { content, promptId: input.prompt_id, category: input.category ?? null },
          [...usable],
          Math.random,
          ctx.shutdown && signal ? AbortSignal.any([signal, ctx.shutdown]) : (signal ?? ctx.shutdown),
        );
        return recordingPromptUse(ctx.db, promptUseOf(input), events);
      }),
    battleById: protectedProcedure
      .meta({ rest: { method: "GET", path: "/chat/battles/:id", summary: "One of the caller's battles: its answers as A and B, named only after the verdict" } })
      .input(chatInputs.battleById)
      .use(loadUser)
      .query(async ({ ctx, input }) => getBattle(ctx.db, ctx.user.id, input.id)),
    battleVerdict: protectedProcedure
      .meta({ rest: { method: "POST", path: "/chat/battles/:id/verdict", summary: "Give a battle its one verdict (a, b, tie or both_bad): final, and it names the models" } })
      .input(chatInputs.battleVerdict)
      .use(loadUser)
      .mutation(async ({ ctx, input }) => decideBattle(ctx.db, ctx.user.id, input.id, input.choice, ctx.now())),
  };
}
