import { describe, expect, it } from "vitest";
import { verdictNoteText } from "../../../src/features/chat/battle/verdict-note";

// The note after a battle's verdict: why it does not count on the leaderboard, as a comparison
// post says after a vote; a verdict that waits for the account's age says when it counts.

describe("the note after a verdict", () => {
  it("says when a verdict that waits for the account's age will count", () => {
    expect(verdictNoteText({ left_out: "waiting", counts_at: "2026-12-03T09:30:00.000Z" }, (iso) => `at ${iso}`)).toBe(
      "Your verdict is kept and counts on the leaderboard from at 2026-12-03T09:30:00.000Z, once your account is old enough: votes from new accounts wait before they count.",
    );
  });

  it("says why a verdict over the day's cap, or on an answer that did not complete, does not count; nothing for one that counts", () => {
    expect(verdictNoteText({ left_out: "capped", counts_at: null })).toBe(
      "Your verdict is kept, but you have cast as many counted votes as one person's day allows, so it does not count on the leaderboard.",
    );
    expect(verdictNoteText({ left_out: "incomplete", counts_at: null })).toBe("An answer did not complete, so this battle does not count on the leaderboard.");
    expect(verdictNoteText({ left_out: null, counts_at: null })).toBeNull();
  });
});
