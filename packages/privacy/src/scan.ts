import { KIND_PRIORITY, REDACTION_MARKERS, type FindingKind } from "./kinds";
import { LONGEST_FINDING, RULES, type Rule } from "./rules";

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
const withIndices = (rule: Rule): Rule => (rule.group && rule.pattern && !rule.pattern.hasIndices ? { ...rule, pattern: new RegExp(rule.pattern.source, `${rule.pattern.flags}d`) } : rule);

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
  const keep = (start: number, end: number) => {
    const found = text.slice(start, end);
    if (!rule.accept || rule.accept(found)) into.push({ kind: rule.kind, provider: rule.provider ?? null, start, end, text: found });
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

function scanWith(text: string, rules: readonly Rule[]): Span[] {
  return withoutOverlaps(sliceStarts(text.length).flatMap((at) => scanSlice(text, rules, at)));
}

const placed = (message: number, spans: Span[]): Finding[] => spans.map((span) => ({ id: `${message}:${span.start}:${span.end}:${span.kind}`, message, ...span }));

/** The findings in one text. */
export function scanText(text: string, options: ScanOptions = {}): Span[] {
  return scanWith(text, [...COMPILED, ...personalRules(options)]);
}

/** The findings in every message of what would leave, in message order. */
export function scanMessages(messages: readonly string[], options: ScanOptions = {}): Finding[] {
  const rules = [...COMPILED, ...personalRules(options)];
  return messages.flatMap((text, message) => placed(message, scanWith(text, rules)));
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
    const spans: Span[] = [];
    for (const at of sliceStarts(text.length)) {
      if (sinceBreak >= SLICE_CHARS) {
        await pause();
        sinceBreak = 0;
      }
      spans.push(...scanSlice(text, rules, at));
      sinceBreak += Math.min(SLICE_CHARS, text.length - at);
    }
    findings.push(...placed(message, withoutOverlaps(spans)));
  }
  return findings;
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

/** A text cut into plain runs and findings, for showing the findings highlighted in place. */
export function segmentsOf(text: string, spans: readonly Pick<Finding, "id" | "start" | "end">[]): { text: string; findingId: string | null }[] {
  const segments: { text: string; findingId: string | null }[] = [];
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start > at) segments.push({ text: text.slice(at, span.start), findingId: null });
    segments.push({ text: text.slice(span.start, span.end), findingId: span.id });
    at = span.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), findingId: null });
  return segments;
}

const MARKER_KIND = new Map(Object.entries(REDACTION_MARKERS).map(([kind, marker]) => [marker, kind as FindingKind]));
const MARKER_PATTERN = new RegExp([...MARKER_KIND.keys()].map(escape).join("|"), "g");

/** Where the redaction markers sit in a text (an e-mail marker reads as kind `email`). */
export function markersIn(text: string): { kind: FindingKind; start: number; end: number }[] {
  if (!text.includes("[redacted ")) return [];
  return [...text.matchAll(MARKER_PATTERN)].map((m) => ({ kind: MARKER_KIND.get(m[0])!, start: m.index, end: m.index + m[0].length }));
}
