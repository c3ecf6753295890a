/** Texts of blind battles: two models drawn at random answer as A and B, named after the verdict. */
export const BATTLE_TEXTS = {
  toggle: "Battle",
  notice: "Battle: Parley picks two of your models at random and shows their answers as A and B. Which model wrote which shows after your verdict.",
  /** Where fewer than two of the person's models can be drawn (the offline demo never is): what would add more, as Compare says. */
  tooFewModels: (count: number) => `A battle needs at least 2 models, and ${count === 0 ? "none is" : "only 1 is"} available to you. To add models:`,
  answer: (label: string) => `Answer ${label}`,
  named: (label: string, name: string) => `Answer ${label}: ${name}`,
  waiting: "Waiting for the answer…",
  verdictLegend: "Your verdict",
  verdictHint: "Which answer is better? Your verdict is final, and it names the models.",
  /** An answer's usage, shown after the verdict only (before it, what was charged would tell an own key's model from a platform one). */
  usage: (tokens: number, charged: number) =>
    `${tokens.toLocaleString("en-US")} tokens · ${charged === 0 ? "not charged" : `${charged.toLocaleString("en-US")} charged to your allowance`}`,
  choices: { a: "A is better", b: "B is better", tie: "It's a tie", both_bad: "Both are bad" },
  decided: (choice: string) => `Your verdict: ${choice}.`,
  notCounted: "An answer did not complete, so this battle does not count on the leaderboard.",
  /** After a verdict that waits for the account's age: when it will count, in the viewer's local time (as a comparison post's vote says). */
  waitingNote: (when: string) =>
    `Your verdict is kept and counts on the leaderboard from ${when}, once your account is old enough: votes from new accounts wait before they count.`,
  /** After a verdict over the day's cap on counted votes. */
  cappedNote: "Your verdict is kept, but you have cast as many counted votes as one person's day allows, so it does not count on the leaderboard.",
  decidedNote: "This battle is now a comparison you keep: ask both models a follow-up below, or share it, post it or copy it from Chat Options.",
  listMark: "Battle",
  verdictFailed: (message: string) => `Could not record your verdict: ${message}`,
} as const;

export type BattleChoice = keyof typeof BATTLE_TEXTS.choices;
