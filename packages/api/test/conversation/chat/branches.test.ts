import { describe, expect, it } from "vitest";
import { branchOf, latestLeafUnder, readLeaf, siblingsOf } from "../../../src/conversation/chat/branches";

// 1 → 2 → 3, 2 edited as 4 (→ 5), 1 regenerated as 6: ids ascend in the order exchanges were stored.
const tree = [
  { id: 1, parentEntryId: null },
  { id: 2, parentEntryId: 1 },
  { id: 3, parentEntryId: 2 },
  { id: 4, parentEntryId: 1 },
  { id: 5, parentEntryId: 4 },
  { id: 6, parentEntryId: null },
];
const ids = (entries: { id: number }[]) => entries.map((e) => e.id);

describe("conversation trees", () => {
  it("a branch follows parents up from its leaf, oldest first", () => {
    expect(ids(branchOf(tree, 3))).toEqual([1, 2, 3]);
    expect(ids(branchOf(tree, 5))).toEqual([1, 4, 5]);
    expect(ids(branchOf(tree, 6))).toEqual([6]);
  });

  it("an unknown or missing leaf reads the newest exchange's branch; no exchanges, no branch", () => {
    expect(ids(branchOf(tree, null))).toEqual([6]);
    expect(ids(branchOf(tree, 99))).toEqual([6]);
    expect(branchOf([], 1)).toEqual([]);
  });

  it("the latest leaf under an exchange is the newest one below it", () => {
    expect(latestLeafUnder(tree, 1)).toBe(5);
    expect(latestLeafUnder(tree, 2)).toBe(3);
    expect(latestLeafUnder(tree, 6)).toBe(6);
  });

  it("siblings are the exchanges with the same parent, oldest first", () => {
    const info = siblingsOf(tree, branchOf(tree, 5));
    expect(info.get(1)).toEqual({ position: 1, count: 2, ids: [1, 6] });
    expect(info.get(4)).toEqual({ position: 2, count: 2, ids: [2, 4] });
    expect(info.get(5)).toEqual({ position: 1, count: 1, ids: [5] });
  });

  it("the owner reads the active branch; a reader of a share its snapshot, not what was added below it since", () => {
    const session = { activeEntryId: 3, sharedEntryId: 4 };
    expect(readLeaf(tree, session, true)).toBe(3);
    expect(readLeaf(tree, session, false)).toBe(4);
    expect(readLeaf(tree, { activeEntryId: 3, sharedEntryId: null }, false)).toBe(3);
  });

  it("a cycle in stored parents ends the walk instead of looping", () => {
    const broken = [
      { id: 1, parentEntryId: 2 },
      { id: 2, parentEntryId: 1 },
    ];
    expect(ids(branchOf(broken, 2))).toEqual([1, 2]);
  });
});
