import { describe, expect, it } from "vitest";
import { voteStatusText, type VoteStatusInput } from "../../../src/features/posts/vote-status";

// The note after a vote on a comparison post: a vote that waits for the account's age says when
// it counts, instead of a tally that reads 0 votes and says nothing of it.

const voted: VoteStatusInput = {
  revealed: true,
  can_vote: true,
  total_votes: 0,
  my_vote_left_out: null,
  my_vote_counts_at: null,
  columns: [{ label: "A" }, { label: "B" }],
};

describe("the note after a vote", () => {
  it("says when a vote that waits for the account's age will count", () => {
    const text = voteStatusText({ ...voted, my_vote_left_out: "waiting", my_vote_counts_at: "2026-12-03T09:30:00.000Z" }, (iso) => `at ${iso}`);
    expect(text).toBe(
      "Thanks for voting. Your vote is kept and counts from at 2026-12-03T09:30:00.000Z, once your account is old enough: votes from new accounts wait before they count. Votes are final: only votes cast before the models are shown count.",
    );
    expect(text).not.toMatch(/0 votes so far/);
  });

  it("gives the tally of a counted vote, and why a capped one is not in it", () => {
    expect(voteStatusText({ ...voted, total_votes: 3 })).toBe(
      "Thanks for voting. 3 votes so far. Votes are final: only votes cast before the models are shown count.",
    );
    expect(voteStatusText({ ...voted, total_votes: 1, my_vote_left_out: "capped" })).toMatch(
      /^Thanks for voting\. 1 vote so far\. .* Your vote is kept, but you have cast as many counted votes as one person's day allows/,
    );
  });

  it("before the vote, says how to vote; to the author, that the models are named for them", () => {
    expect(voteStatusText({ ...voted, revealed: false, total_votes: null })).toMatch(
      /^Which answer is best\? The models stay hidden behind the labels A, B until you vote/,
    );
    expect(voteStatusText({ ...voted, can_vote: false })).toMatch(/^You made this comparison/);
  });
  it("once the models are named, says that a model not rated (the offline demo) keeps the comparison off the Leaderboard; blind, it says nothing of it", () => {
    const columns = [
      { label: "A", model_name: "GPT-4o mini", rated: true },
      { label: "B", model_name: "Parley Demo (offline)", rated: false },
    ];
    expect(voteStatusText({ ...voted, total_votes: 2, columns })).toBe(
      "Thanks for voting. 2 votes so far. Votes are final: only votes cast before the models are shown count. Parley Demo (offline) only repeats what it is asked, so it is not rated: votes on this comparison count here but not on the Leaderboard.",
    );
    expect(voteStatusText({ ...voted, can_vote: false, columns })).toMatch(
      /^You made this comparison.* Parley Demo \(offline\) only repeats what it is asked, so it is not rated/,
    );
    expect(voteStatusText({ ...voted, revealed: false, total_votes: null, columns: [{ label: "A" }, { label: "B" }] })).not.toMatch(/not rated/);
  });
});
