import { and, eq, sql } from "drizzle-orm";
import type { BattleChoice } from "@parley/contracts";
import { battleVerdicts, chatSessions, type Database } from "@parley/db";
import { AppError } from "../../../kit/errors";
import { listExchangesBySession } from "../sessions";
import { battleAnswers, getOwnedBattleSession, presentBattle } from "./read";
import { styleOf } from "./style";

/** A second verdict on one battle. */
export const VERDICT_FINAL_MESSAGE = "This battle has its verdict already, and a verdict is final: its models were named by it.";

/** A verdict given while an answer is still streaming. */
export const VERDICT_TOO_EARLY_MESSAGE = "Wait until both answers have ended (or stop them) before giving your verdict.";

/**
 * The one verdict of the caller's battle: answer A, answer B, a tie or both bad. It is final
 * (a second one is a 409) and names the models: the answer is the battle as getBattle reads it
 * after the verdict. Whether it counts is the vote rule's (community/post/votes.ts,
 * voteStandings, as for post votes); the column `counted` stores only whether both answers were
 * complete, which that rule reads (`incomplete`). The session is locked while the verdict is
 * written, so two verdicts sent at once give one.
 */
export async function decideBattle(db: Database, userId: string, battleId: number, choice: BattleChoice, now: Date) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select ${chatSessions.id} from ${chatSessions} where ${chatSessions.id} = ${battleId}::bigint and ${chatSessions.userId} = ${userId}::uuid for update`,
    );
    const session = await getOwnedBattleSession(tx, userId, battleId);
    if (session.battle === "decided") throw new AppError("CONFLICT", VERDICT_FINAL_MESSAGE);
    const exchanges = await listExchangesBySession(tx, session.id);
    const answers = battleAnswers(exchanges);
    if (answers.some((exchange) => exchange.status === "pending")) throw new AppError("CONFLICT", VERDICT_TOO_EARLY_MESSAGE);
    const shown = session.compareModels ?? answers.map((exchange) => exchange.modelId ?? "");
    const styles = answers.map((exchange) => styleOf(exchange.responseContent));
    const [verdict] = await tx
      .insert(battleVerdicts)
      .values({
        sessionId: session.id,
        userId,
        shown,
        choice,
        counted: answers.length === shown.length && answers.every((exchange) => exchange.status === "complete"),
        lengths: styles.map((s) => s.length),
        markdown: styles.map((s) => s.markdown),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!verdict) throw new AppError("CONFLICT", VERDICT_FINAL_MESSAGE);
    await tx
      .update(chatSessions)
      .set({ battle: "decided" })
      .where(and(eq(chatSessions.id, session.id), eq(chatSessions.userId, userId)));
    return presentBattle(tx, session, exchanges, verdict);
  });
}
