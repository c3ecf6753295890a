import { describe, expect, it } from "vitest";
import { REASONS, StandingCodes, StandingStore, type Standing } from "../../../src/community/verdicts/standings";
import { seeded as prng } from "../../support/seeded";

/** Every standing kept, with its voter's account age, in the store's own order (as the board reads them). */
function listed(store: StandingStore) {
  const rows: (Standing & { accountCreatedAt: number })[] = [];
  const { kinds, items, cols, orders, days, reasons } = store.columns();
  for (const run of store.eachRun()) {
    for (let row = run.start; row < run.start + run.count; row++) {
      const verdict = store.verdict(row);
      rows.push({
        kind: kinds[row] === 0 ? "post" : "battle",
        item: kinds[row] === 0 ? items[row]! : verdict!.id,
        col: cols[row]! < 0 ? null : cols[row]!,
        shownOrder: store.codes.orders[orders[row]!]!,
        day: store.codes.days[days[row]!]!,
        reason: REASONS[reasons[row]!]!,
        ...(verdict && { verdict }),
        accountCreatedAt: run.accountCreatedAt,
      });
    }
  }
  return rows;
}

function standingsOf(random: () => number, voter: number, times: number): Standing[] {
  return Array.from({ length: times }, (_, i) => {
    const battle = random() < 0.2;
    return {
      kind: battle ? "battle" : "post",
      item: battle ? 3_000_000_000 + voter * 10 + i : 1 + Math.floor(random() * 500),
      col: battle ? null : Math.floor(random() * 4),
      shownOrder: random() < 0.3 ? null : ["01", "10", "210", "3012"][Math.floor(random() * 4)]!,
      day: `2026-11-${String(1 + Math.floor(random() * 30)).padStart(2, "0")}`,
      reason: ([null, null, null, "capped", "waiting", "author", "not_blind", "incomplete"] as const)[Math.floor(random() * 8)]!,
      ...(battle && {
        verdict: {
          id: 3_000_000_000 + voter * 10 + i,
          shown: ["m:a", "m:b"],
          choice: "a",
          lengths: [voter, i],
          markdown: null,
          category: null,
          promptId: voter,
        },
      }),
    };
  });
}

describe("the board's kept standings", () => {
  it("keep each voter's standings as given through drops, gathering again and growth, with the verdicts' facts on their rows", async () => {
    const random = prng(5);
    const store = new StandingStore(new StandingCodes());
    const expected = new Map<string, { accountCreatedAt: number; standings: Standing[] }>();
    const keep = (voter: number) => {
      const id = `voter-${voter}`;
      const standings = standingsOf(random, voter, 1 + Math.floor(random() * 6));
      store.drop(id);
      store.add(id, voter * 1000, standings);
      expected.delete(id);
      expected.set(id, { accountCreatedAt: voter * 1000, standings });
    };
    // Rounds of new voters and voters gathered again, and some dropped for good: the arrays grow and drop rows several times.
    for (let round = 0; round < 12; round++) {
      for (let n = 0; n < 150; n++) keep(Math.floor(random() * 400));
      for (let n = 0; n < 20; n++) {
        const id = `voter-${Math.floor(random() * 400)}`;
        store.drop(id);
        expected.delete(id);
      }
      const want = [...expected.values()].flatMap((voter) => voter.standings.map((standing) => ({ ...standing, accountCreatedAt: voter.accountCreatedAt })));
      expect(listed(store)).toEqual(want);
      expect(store.count).toBe(want.length);
      expect(store.voters).toBe(expected.size);
    }
    expect(() => store.add("voter-x", 0, [])).not.toThrow();
    expect(() => store.add("voter-x", 0, [])).toThrow(/already kept/);
  });
});
