import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SnippetPart } from "@parley/contracts";
import { AppError } from "../errors";
import { markdownToPlainText } from "./plain-text";
import type { SearchTerm } from "./word-frequency";

/** Most words of a search that count; the rest are ignored. */
const MAX_TERMS = 8;

/**
 * The tsquery text for what a person typed: every word must occur, and the last one may be the
 * start of a word (typing 'sourd' finds 'sourdough') once it has three characters. Words are runs
 * of letters and digits, so nothing typed is read as tsquery syntax. Null when nothing is left.
 */
export function toSearchQuery(text: string): string | null {
  const terms = toSearchTerms(text);
  if (terms.length === 0) return null;
  return terms.map(({ word, prefix }) => (prefix ? `'${word}':*` : `'${word}'`)).join(" & ");
}

/** The words of a search as toSearchQuery reads them, the last one marked when it matches as a prefix. */
export function toSearchTerms(text: string): SearchTerm[] {
  const words =
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_TERMS) ?? [];
  return words.map((word, i) => ({ word, prefix: i === words.length - 1 && word.length >= 3 }));
}

/** The 'simple' configuration, the one the search columns are built with (docs/discovery.md). */
export const tsQuery = (query: string | Placeholder) => sql`to_tsquery('simple', ${query})`;

// Highlight markers no user text contains: they are removed from the text before highlighting.
const START = "\u27E6";
const STOP = "\u27E7";
// ts_headline drops what looks like an HTML tag; angle brackets travel as private-use stand-ins.
const LT = "\uE000";
const GT = "\uE001";
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/** ts_headline of `document` for `query`, with the markers parsed by `toSnippet`. */
export const headline = (document: SQL, query: SQL) =>
  sql<string>`ts_headline('simple', translate(${document}, ${`<>${START}${STOP}`}, ${LT + GT}), ${query}, ${HEADLINE_OPTIONS})`;

/**
 * A headline as plain text parts: its markdown syntax taken out (plain-text.ts), the searched words
 * as `match` parts, which the client renders highlighted, never as markup.
 */
export function toSnippet(headlineText: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const text = markdownToPlainText(headlineText.replaceAll(LT, "<").replaceAll(GT, ">"), START + STOP);
  for (const [i, piece] of text.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    if (piece) parts.push({ text: piece, match: i % 2 === 1 });
  }
  return parts;
}

export const RANK_CURSOR_MESSAGE = "must be the next_cursor of a previous page";

/**
 * A ranked list's cursor: the last row's rank and id, and, for a list ranked among a bounded set
 * of candidates, the newest id the first page could see (so later pages rank the same set).
 */
export const encodeRankCursor = (rank: number, id: number, upTo?: number) => `${rank}_${id}${upTo === undefined ? "" : `_${upTo}`}`;

/** The rank, id and optional bound of a cursor from `encodeRankCursor`, or a BAD_REQUEST. */
export function decodeRankCursor(cursor: string): { rank: number; id: number; upTo?: number } {
  const match = /^(-?\d+(?:\.\d+)?(?:e-?\d+)?)_(\d{1,16})(?:_(\d{1,16}))?$/.exec(cursor);
  const rank = Number(match?.[1]);
  const id = Number(match?.[2]);
  const upTo = match?.[3] === undefined ? undefined : Number(match[3]);
  if (!match || !Number.isFinite(rank) || !Number.isSafeInteger(id) || (upTo !== undefined && !Number.isSafeInteger(upTo))) {
    throw new AppError("BAD_REQUEST", `cursor: ${RANK_CURSOR_MESSAGE}`);
  }
  return upTo === undefined ? { rank, id } : { rank, id, upTo };
}
