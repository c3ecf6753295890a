import { and, asc, eq, inArray } from "drizzle-orm";
import { battleVerdicts, models as catalogue, usageLedger, type Executor } from "@parley/db";
import { AppError } from "../../../kit/errors";
import { getOwnedSession, listExchangesBySession, type SessionRow } from "../sessions";
import { BATTLE_LABELS } from "../blind";

/** A battle that is not the caller's, or a conversation that is not a battle: the same answer (never a 403). */
export const BATTLE_NOT_FOUND = "Conversation not found: it is not one of your battles, or it was deleted.";

type ExchangeRow = Awaited<ReturnType<typeof listExchangesBySession>>[number];
type VerdictRow = typeof battleVerdicts.$inferSelect;

/** The caller's battle session (a blind one too), or NOT_FOUND. */
export async function getOwnedBattleSession(db: Executor, userId: string, battleId: number): Promise<SessionRow> {
  const session = await getOwnedSession(db, userId, battleId, { blindBattle: "allow" }).catch((error: unknown) => {
    throw error instanceof AppError && error.kind === "NOT_FOUND" ? new AppError("NOT_FOUND", BATTLE_NOT_FOUND) : error;
  });
  if (session.battle === null) throw new AppError("NOT_FOUND", BATTLE_NOT_FOUND);
  return session;
}

/** The battle's exchange of each column (its first), in column order. */
export function battleAnswers(exchanges: readonly ExchangeRow[]): ExchangeRow[] {
  const first = new Map<number, ExchangeRow>();
  for (const exchange of exchanges) if (exchange.compareColumn !== null && !first.has(exchange.compareColumn)) first.set(exchange.compareColumn, exchange);
  return [...first.entries()].sort(([a], [b]) => a - b).map(([, exchange]) => exchange);
}

/**
 * A battle as its owner reads it: the message and the two answers labelled A and B, each with
 * its status. Before the verdict nothing names a model or differs by model (`model_id`,
 * `model_name` and `usage` are null: an own key is not charged, a platform model is, and
 * providers count tokens differently); after it, each answer names its model, shows its usage
 * and what was charged for it, and the verdict is given.
 */
export async function getBattle(db: Executor, userId: string, battleId: number) {
  const session = await getOwnedBattleSession(db, userId, battleId);
  const [verdict] =
    session.battle === "decided"
      ? await db
          .select()
          .from(battleVerdicts)
          .where(and(eq(battleVerdicts.sessionId, session.id), eq(battleVerdicts.userId, userId)))
          .limit(1)
      : [];
  return presentBattle(db, session, await listExchangesBySession(db, session.id), verdict ?? null);
}

/** A battle's answer (see getBattle), with its verdict when there is one. */
export async function presentBattle(
  db: Executor,
  session: Pick<SessionRow, "id" | "description" | "category" | "createdAt">,
  exchanges: readonly ExchangeRow[],
  verdict: VerdictRow | null,
) {
  const answers = battleAnswers(exchanges);
  const shown = verdict?.shown ?? null;
  const names = new Map(
    shown === null
      ? []
      : (await db.select({ id: catalogue.id, name: catalogue.name }).from(catalogue).where(inArray(catalogue.id, shown))).map((m) => [m.id, m.name]),
  );
  const charged = shown === null ? new Map<string, number>() : await battleCharges(db, session.id);
  return {
    battle_id: session.id,
    session_id: session.id,
    description: session.description,
    category: session.category,
    created_at: session.createdAt.toISOString(),
    /** 'blind' until the verdict, 'decided' after it. */
    state: verdict ? ("decided" as const) : ("blind" as const),
    message_content: answers[0]?.messageContent ?? "",
    answers: answers.map((exchange, column) => {
      const modelId = shown?.[column] ?? null;
      return {
        column,
        label: BATTLE_LABELS[column] ?? String(column),
        response_content: exchange.responseContent,
        /** 'complete', 'pending' (still streaming), 'error' or 'stopped'. */
        status: exchange.status,
        error: exchange.error,
        usage:
          modelId === null ? null : { input_tokens: exchange.inputTokens, output_tokens: exchange.outputTokens, charged_tokens: charged.get(modelId) ?? 0 },
        model_id: modelId,
        model_name: modelId === null ? null : (names.get(modelId) ?? modelId),
      };
    }),
    // Whether it counts is the vote rule's to say (community/verdicts/battle-standing.ts), not the stored completeness.
    verdict: verdict ? { choice: verdict.choice as "a" | "b" | "tie" | "both_bad", created_at: verdict.createdAt.toISOString() } : null,
  };
}

/** What each model's battle answer was charged, by model: its first ledger row in the session (a follow-up after the verdict comes later). */
async function battleCharges(db: Executor, sessionId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ modelId: usageLedger.modelId, charged: usageLedger.chargedTokens })
    .from(usageLedger)
    .where(eq(usageLedger.sessionId, sessionId))
    .orderBy(asc(usageLedger.id));
  const charged = new Map<string, number>();
  for (const row of rows) if (row.modelId !== null && !charged.has(row.modelId)) charged.set(row.modelId, row.charged);
  return charged;
}
