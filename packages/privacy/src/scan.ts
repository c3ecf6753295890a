import { KIND_PRIORITY, REDACTION_MARKERS, type FindingKind } from "./kinds";
export { segmentsOf } from "./segments";
import { IBAN_SHAPE, LONGEST_FINDING, RULES, type Rule } from "./rules";

/** Something in a message that may be private: where it is (UTF-16 offsets into the message) and what it looks like. */
export type Finding = {
  /** Stable for the same text: `{message}:{start}:{end}:{kind}`. */
  id: string;
  kind: FindingKind;
  /** The provider of an API key ("OpenAI"), else null. */
  provider: string | null;
  message: number;
  start: number;
  end: number;
  text: string;
};

/** A finding within one text, before it is placed in a list of messages. */
export type Span = Omit<Finding, "id" | "message">;

/** Who is sharing: their own name(s) and e-mail address(es) are findings too. */
export type ScanOptions = { ownNames?: readonly (string | null | undefined)[]; ownEmails?: readonly (string | null | undefined)[] };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A rule whose sensitive part is a capture group needs the group's offsets (the `d` flag). */
const withIndices = (rule: Rule): Rule =>
  rule.group && rule.pattern && !rule.pattern.hasIndices ? { ...rule, pattern: new RegExp(rule.pattern.source, `${rule.pattern.flags}d`) } : rule;

const COMPILED = RULES.map(withIndices);

/** Rules for the person's own name and address, built once per scan. */
export function personalRules(options: ScanOptions): Rule[] {
  const names = [...new Set((options.ownNames ?? []).map((n) => n?.trim() ?? "").filter((n) => n.length >= 3))];
  const emails = [...new Set((options.ownEmails ?? []).map((e) => e?.trim() ?? "").filter((e) => e.includes("@")))];
  const rules: Rule[] = [];
  if (names.length > 0) {
    const alternatives = names.map((n) => escape(n).replace(/\s+/g, "\\s+")).join("|");
    rules.push({ kind: "own_name", pattern: new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alternatives})(?![\\p{L}\\p{N}_])`, "giu") });
  }
  if (emails.length > 0) {
    rules.push({ kind: "own_email", pattern: new RegExp(`(?<![A-Za-z0-9._%+-])(?:${emails.map(escape).join("|")})(?![A-Za-z0-9-])`, "gi") });
  }
  return rules;
}

/** The matches of one rule in a text (what each rule costs is measured on this). */
export function spansOf(text: string, rule: Rule): Span[] {
  const spans: Span[] = [];
  matchesOf(text, withIndices(rule), spans);
  return spans;
}

function matchesOf(text: string, rule: Rule, into: Span[]) {
  if (rule.mayContain && !rule.mayContain(text)) return;
  let candidates = 0;
  const keep = (start: number, end: number) => {
    const found = text.slice(start, end);
    if (!rule.accept || rule.accept(found, candidates++)) into.push({ kind: rule.kind, provider: rule.provider ?? null, start, end, text: found });
  };
  if (rule.find) {
    for (const [start, end] of rule.find(text)) if (end > start) keep(start, end);
    return;
  }
  // The patterns are global and shared: each scan of a text starts them at its beginning.
  const pattern = rule.pattern!;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    const range: readonly [number, number] | undefined = rule.group ? match.indices?.[rule.group] : [match.index, match.index + match[0].length];
    if (!range) continue;
    keep(range[0], range[1]);
  }
}

/**
 * Keeps, of overlapping spans, the one of the kind that comes first (KIND_PRIORITY), else the
 * longer. Each kept span marks the characters it covers, so a text with thousands of findings
 * costs the length of its findings, not the square of their number.
 */
function withoutOverlaps(spans: Span[]): Span[] {
  if (spans.length < 2) return spans;
  const ranked = [...spans].sort((a, b) => KIND_PRIORITY[a.kind] - KIND_PRIORITY[b.kind] || b.end - b.start - (a.end - a.start) || a.start - b.start);
  const covered = new Uint8Array(ranked.reduce((end, s) => Math.max(end, s.end), 0));
  const kept: Span[] = [];
  for (const span of ranked) {
    let free = true;
    for (let i = span.start; i < span.end && free; i++) free = covered[i] === 0;
    if (!free) continue;
    covered.fill(1, span.start, span.end);
    kept.push(span);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/**
 * A text longer than this is scanned in slices of this many characters, each read with the
 * characters just before it (what a rule looks behind at) and the longest finding after it, so a
 * finding that starts in a slice is found whole. One slice is one bounded step: the sliced scan
 * gives the event loop back between steps (docs/privacy.md, 'Speed').
 */
export const SLICE_CHARS = 65_536;
const LOOK_BEHIND = 256;

/** Where each slice of a text of `length` characters starts (one slice for a short text). */
const sliceStarts = (length: number) => Array.from({ length: Math.max(1, Math.ceil(length / SLICE_CHARS)) }, (_, i) => i * SLICE_CHARS);

/** The spans of the rules in the slice of `text` starting at `at`: those that start in it. */
function scanSlice(text: string, rules: readonly Rule[], at: number): Span[] {
  if (text.length <= SLICE_CHARS) {
    const spans: Span[] = [];
    for (const rule of rules) matchesOf(text, rule, spans);
    return spans;
  }
  const from = Math.max(0, at - LOOK_BEHIND);
  const window = text.slice(from, Math.min(text.length, at + SLICE_CHARS + LONGEST_FINDING));
  const spans: Span[] = [];
  for (const rule of rules) matchesOf(window, rule, spans);
  const last = at + SLICE_CHARS >= text.length;
  return spans
    .map((span) => ({ ...span, start: span.start + from, end: span.end + from }))
    .filter((span) => span.start >= at && (last || span.start < at + SLICE_CHARS));
}

/** Characters that show as nothing: a secret split by them is read as if they were not there. */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/**
 * One message being read: the text the rules see (the invisible characters taken out), the way
 * back from its offsets to the message's (null when nothing was taken out) and the spans so far.
 */
type Reading = { text: string; plain: string; back: Int32Array | null; spans: Span[] };

function startReading(text: string): Reading {
  INVISIBLE.lastIndex = 0;
  if (!INVISIBLE.test(text)) return { text, plain: text, back: null, spans: [] };
  const back = new Int32Array(text.length + 1);
  let plain = "";
  let from = 0;
  let n = 0;
  INVISIBLE.lastIndex = 0;
  for (const match of text.matchAll(INVISIBLE)) {
    plain += text.slice(from, match.index);
    for (let i = from; i < match.index; i++) back[n++] = i;
    from = match.index + match[0].length;
  }
  plain += text.slice(from);
  for (let i = from; i < text.length; i++) back[n++] = i;
  back[n] = text.length;
  return { text, plain, back, spans: [] };
}

/** Phone numbers are not looked for inside runs shaped like an IBAN, valid or not (rules.ts). */
function withoutPhonesInIbans(plain: string, spans: Span[]): Span[] {
  if (!spans.some((span) => span.kind === "phone")) return spans;
  const inIban = new Uint8Array(plain.length);
  for (const match of plain.matchAll(IBAN_SHAPE)) inIban.fill(1, match.index, match.index + match[0].length);
  return spans.filter((span) => span.kind !== "phone" || !inIban.subarray(span.start, span.end).includes(1));
}

/** The spans of a message read, settled, at the message's own offsets. */
function finishReading(reading: Reading): Span[] {
  const spans = withoutOverlaps(withoutPhonesInIbans(reading.plain, reading.spans));
  const back = reading.back;
  if (!back) return spans;
  return spans.map((span) => {
    const start = back[span.start]!;
    const end = back[span.end - 1]! + 1;
    return { ...span, start, end, text: reading.text.slice(start, end) };
  });
}

function scanWith(text: string, rules: readonly Rule[]): Span[] {
  const reading = startReading(text);
  for (const at of sliceStarts(reading.plain.length)) reading.spans.push(...scanSlice(reading.plain, rules, at));
  return finishReading(reading);
}

const EMAIL_CHAR = /[\p{L}\p{N}\p{M}.-]/u;
const MAX_ECHOED = 100;

/**
 * An address found in one message and echoed cut short in another (a reply that stops at
 * `jane.doe@exam`) is found there too: its local part and '@' followed by the start of its domain.
 */
function withEchoes(messages: readonly string[], findings: Finding[]): Finding[] {
  const addresses = [
    ...new Map(findings.filter((f) => f.kind === "email" || f.kind === "own_email").map((f) => [f.text.toLowerCase(), f.kind])).entries(),
  ].slice(0, MAX_ECHOED);
  if (addresses.length === 0) return findings;
  const echoes: Finding[] = [];
  const byMessage = new Map<number, Pick<Finding, "start" | "end">[]>();
  for (const f of findings) {
    const list = byMessage.get(f.message);
    if (list) list.push(f);
    else byMessage.set(f.message, [f]);
  }
  for (const [message, text] of messages.entries()) {
    if (!text.includes("@")) continue;
    const lower = text.toLowerCase();
    const taken = byMessage.get(message) ?? [];
    for (const [address, kind] of addresses) {
      const at = address.indexOf("@");
      const head = address.slice(0, at + 1);
      for (let start = lower.indexOf(head); start >= 0; start = lower.indexOf(head, start + 1)) {
        if (start > 0 && /[\p{L}\p{N}._%+-]/u.test(lower[start - 1]!)) continue;
        let end = start + head.length;
        while (end < lower.length && end - start < address.length && lower[end] === address[end - start]) end++;
        // A whole address is found by the rule; an echo stops short of the end, with at least one character of the domain.
        const domainChars = end - start - head.length;
        if (domainChars < 1 || end - start === address.length || (end < lower.length && EMAIL_CHAR.test(lower[end]!) && lower[end] !== ".")) continue;
        while (end > start + head.length && lower[end - 1] === ".") end--;
        if (taken.some((f) => start < f.end && f.start < end)) continue;
        const echo = { kind, provider: null, message, start, end, text: text.slice(start, end) } as const;
        echoes.push({ id: `${message}:${start}:${end}:${kind}`, ...echo });
        taken.push(echo);
      }
    }
  }
  if (echoes.length === 0) return findings;
  return [...findings, ...echoes].sort((a, b) => a.message - b.message || a.start - b.start);
}

const placed = (message: number, spans: Span[]): Finding[] =>
  spans.map((span) => ({ id: `${message}:${span.start}:${span.end}:${span.kind}`, message, ...span }));

/** The findings in one text. */
export function scanText(text: string, options: ScanOptions = {}): Span[] {
  return scanMessages([text], options).map(({ id: _id, message: _message, ...span }) => span);
}

/** The findings in every message of what would leave, in message order. */
export function scanMessages(messages: readonly string[], options: ScanOptions = {}): Finding[] {
  const rules = [...COMPILED, ...personalRules(options)];
  return withEchoes(
    messages,
    messages.flatMap((text, message) => placed(message, scanWith(text, rules))),
  );
}

/** Gives the event loop back (the server passes setImmediate's). */
export type Pause = () => Promise<void>;
const nextTask: Pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The same findings as scanMessages, in bounded steps: it pauses after each slice of
 * SLICE_CHARS characters read (a long message is cut into slices, short ones are read together),
 * so a large conversation's check never holds the event loop for more than one slice.
 */
export async function scanMessagesInSlices(messages: readonly string[], options: ScanOptions = {}, pause: Pause = nextTask): Promise<Finding[]> {
  const rules = [...COMPILED, ...personalRules(options)];
  const findings: Finding[] = [];
  let sinceBreak = 0;
  for (const [message, text] of messages.entries()) {
    const reading = startReading(text);
    for (const at of sliceStarts(reading.plain.length)) {
      if (sinceBreak >= SLICE_CHARS) {
        await pause();
        sinceBreak = 0;
      }
      reading.spans.push(...scanSlice(reading.plain, rules, at));
      sinceBreak += Math.min(SLICE_CHARS, reading.plain.length - at);
    }
    findings.push(...placed(message, finishReading(reading)));
  }
  return withEchoes(messages, findings);
}

/** A text with the given spans replaced by their markers ("[redacted e-mail]"); spans must not overlap. */
export function redactText(text: string, spans: readonly Pick<Span, "kind" | "start" | "end">[]): string {
  let out = text;
  for (const span of [...spans].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, span.start) + REDACTION_MARKERS[span.kind] + out.slice(span.end);
  }
  return out;
}

/** The messages with the chosen findings replaced by their markers; the others stay as written. */
export function redactMessages(messages: readonly string[], findings: readonly Pick<Finding, "kind" | "message" | "start" | "end">[]): string[] {
  return messages.map((text, index) => {
    const mine = findings.filter((f) => f.message === index);
    return mine.length === 0 ? text : redactText(text, mine);
  });
}

const MARKER_KIND = new Map(Object.entries(REDACTION_MARKERS).map(([kind, marker]) => [marker, kind as FindingKind]));
const MARKER_PATTERN = new RegExp([...MARKER_KIND.keys()].map(escape).join("|"), "g");

/** Where the redaction markers sit in a text (an e-mail marker reads as kind `email`). */
export function markersIn(text: string): { kind: FindingKind; start: number; end: number }[] {
  if (!text.includes("[redacted ")) return [];
  return [...text.matchAll(MARKER_PATTERN)].map((m) => ({ kind: MARKER_KIND.get(m[0])!, start: m.index, end: m.index + m[0].length }));
}
