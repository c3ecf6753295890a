import { AppError } from "../../kit/errors";

/** What every read or copy of a battle answers before its verdict: nothing that names its models leaves. */
export const BATTLE_BLIND_MESSAGE =
  "This battle is still blind: give your verdict first (A, B, a tie or both bad). Its models are named after it, and then it can be shared, posted or copied like any comparison.";

/** A battle waiting for its owner's verdict (docs/leaderboard.md, "Battles"). */
export function isBlindBattle(session: { battle: string | null }): boolean {
  return session.battle === "blind";
}

/** Refuses anything that would show a blind battle's models (a 409 that says what to do). */
export function refuseBlindBattle(session: { battle: string | null }): void {
  if (isBlindBattle(session)) throw new AppError("CONFLICT", BATTLE_BLIND_MESSAGE);
}

/** The labels a battle's answers are shown under, by column. */
export const BATTLE_LABELS = ["A", "B"] as const;
