import { asc, count, eq } from "drizzle-orm";
import { battleVerdicts, chatSessions, type Executor } from "@parley/db";
import type { LeftOut, VoteRecord } from "../verdicts/types";

/** A verdict's choice as the rating reads it: an index into `shown`, or a tie, or both bad. */
const CHOICE: Record<string, VoteRecord["choice"]> = { a: 0, b: 1, tie: "tie", both_bad: "both_bad" };

/**
 * Every counted battle verdict as a VoteRecord (docs/leaderboard.md, "Battles"): the two models
 * in the order shown (A, B), the choice, the battle's category and starting prompt, the day of
 * the verdict, and each answer's length and markdown count. Only verdicts whose two answers were
 * complete count; a battle deleted by its owner takes its verdict with it.
 */
export async function battleVoteRecords(db: Executor): Promise<VoteRecord[]> {
  const rows = await db
    .select({
      id: battleVerdicts.sessionId,
      shown: battleVerdicts.shown,
      choice: battleVerdicts.choice,
      lengths: battleVerdicts.lengths,
      markdown: battleVerdicts.markdown,
      createdAt: battleVerdicts.createdAt,
      category: chatSessions.category,
      promptId: chatSessions.promptId,
    })
    .from(battleVerdicts)
    .innerJoin(chatSessions, eq(chatSessions.id, battleVerdicts.sessionId))
    .where(eq(battleVerdicts.counted, true))
    .orderBy(asc(battleVerdicts.createdAt), asc(battleVerdicts.sessionId));
  return rows.flatMap((row) => {
    const choice = CHOICE[row.choice];
    if (choice === undefined || row.shown.length < 2) return [];
    return [
      {
        source: "battle" as const,
        comparisonId: `battle:${row.id}`,
        shown: row.shown,
        choice,
        category: row.category,
        day: row.createdAt.toISOString().slice(0, 10),
        promptId: row.promptId,
        lengths: row.lengths,
        markdown: row.markdown,
      },
    ];
  });
}

/** Battle verdicts the board leaves out, with why: those where an answer failed or was stopped. */
export async function battleVotesLeftOut(db: Executor): Promise<LeftOut[]> {
  const [row] = await db.select({ votes: count() }).from(battleVerdicts).where(eq(battleVerdicts.counted, false));
  const votes = Number(row?.votes ?? 0);
  return votes > 0 ? [{ reason: "battle with an answer that did not complete", votes }] : [];
}
