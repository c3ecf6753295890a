import { chatInputs } from "@parley/contracts";
import { loadUser, protectedProcedure, rateLimit } from "../../../kit/trpc";
import { parseMessage } from "../send-input";
import { promptUseOf, recordingPromptUse } from "../../prompts/uses";
import { usableModelIds } from "../options";
import { startBattle } from ".";

/** The blind battle procedures of the chat router (docs/leaderboard.md, "Battles"): starting one (its reading and verdict, which the vote rules answer for, are community/verdicts/battle-router.ts). */
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
  };
}
