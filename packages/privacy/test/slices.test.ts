import { describe, expect, it } from "vitest";
import { scanMessages, scanMessagesInSlices, scanText, SLICE_CHARS } from "../src";

// A long text is read in slices, one bounded step each (docs/privacy.md, 'Speed'): what is found
// must not depend on where the slices fall, and the sliced scan gives the event loop back between them.

const KEY = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1b2c3d4e5f6\nq8r9s0t1u2v3w4x5y6z7==\n-----END RSA PRIVATE KEY-----";

/** Filler of `length` characters with `inserts` placed at the given offsets. */
function textWith(length: number, inserts: [number, string][]) {
  let text = "";
  for (const [at, insert] of inserts)
    text += "lorem ipsum ".repeat(Math.ceil((at - text.length) / 12)).slice(0, Math.max(0, at - text.length) - 1) + " " + insert + " ";
  return text + "lorem ipsum ".repeat(Math.ceil((length - text.length) / 12));
}

describe("long texts in slices", () => {
  const boundary = SLICE_CHARS;
  const text = textWith(3 * SLICE_CHARS + 5000, [
    [100, "first@example.com"],
    [boundary - 8, "across.the.boundary@example.com"],
    [2 * boundary - 40, KEY],
    [3 * boundary - 3, "+44 20 7946 0958"],
    [3 * boundary + 100, "last@example.com"],
  ]);

  it("a finding across a slice's edge is found whole, once", () => {
    const found = scanText(text).map((s) => [s.kind, s.text, text.slice(s.start, s.end)]);
    expect(found).toEqual([
      ["email", "first@example.com", "first@example.com"],
      ["email", "across.the.boundary@example.com", "across.the.boundary@example.com"],
      ["private_key", KEY, KEY],
      ["phone", "+44 20 7946 0958", "+44 20 7946 0958"],
      ["email", "last@example.com", "last@example.com"],
    ]);
  });

  it("a word cut by a slice's start is not taken for a finding of its own", () => {
    // A key inside a longer word is no key; a slice starting in that word must see the word.
    const word = `prefix${"sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123"}`;
    const inside = textWith(2 * SLICE_CHARS, [[SLICE_CHARS - 6, word]]);
    expect(inside.indexOf(word)).toBe(SLICE_CHARS - 6);
    expect(scanText(inside)).toEqual([]);
  });

  it("the sliced scan finds what the scan in one go finds, and pauses between slices", async () => {
    const messages = ["short one to bob@example.com", text, "x".repeat(SLICE_CHARS * 2), "call +44 20 7946 0958"];
    let pauses = 0;
    const sliced = await scanMessagesInSlices(messages, { ownEmails: ["bob@example.com"] }, async () => {
      pauses++;
    });
    expect(sliced).toEqual(scanMessages(messages, { ownEmails: ["bob@example.com"] }));
    expect(sliced.map((f) => f.kind)).toEqual(["own_email", "email", "email", "private_key", "phone", "email", "phone"]);
    // 28 + 398,216 + 262,144 + 21 characters: six slices' worth read, five pauses.
    const total = messages.reduce((n, m) => n + m.length, 0);
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(total / SLICE_CHARS) - 1);
    expect(pauses).toBeLessThanOrEqual(Math.ceil(total / SLICE_CHARS) + messages.length);
  });

  it("short conversations are read in one step", async () => {
    let pauses = 0;
    await scanMessagesInSlices(["a@example.com", "b@example.com"], {}, async () => {
      pauses++;
    });
    expect(pauses).toBe(0);
  });
});
