import { LIMITS } from "./limits";

/** Limits of prompts, their library file and their lists. */
export const PROMPT_LIMITS = {
  /** A prompt's name, characters. */
  name: 100,
  /** A prompt's text, characters. */
  text: 20_000,
  /** A prompt's description, characters. */
  description: 500,
  /** Most distinct variables one prompt's text may use. */
  variables: 20,
  /** Longest variable name, characters. */
  variableName: 40,
  /** Longest default value of one variable, characters. */
  variableDefault: 200,
  /** Longest preview of a prompt's text on a card, characters. */
  textPreview: 200,
  /** One comment, characters (as post comments). */
  comment: LIMITS.comment,
  /** Items per page of the library, Discover and creator lists, and of comments. */
  pageSize: 20,
  /** Largest `limit` Discover accepts. */
  discoverMax: 50,
  /** Most prompts one library file may hold. */
  importPrompts: 500,
  /** Most earlier versions one prompt of a library file may carry. */
  importVersions: 50,
  /** Largest library file, bytes of its JSON. */
  importBytes: 1_000_000,
  /**
   * Most versions kept of one prompt, the current one included: a change beyond it folds the
   * oldest away (their numbers are not used again; docs/prompts.md).
   */
  keptVersions: 50,
  /** Versions per page of a prompt's versions list. */
  versionsPage: 10,
} as const;

/** Who sees a prompt: only its owner, anyone with its page's address, or everyone (Discover, creator page). */
export const PROMPT_VISIBILITIES = ["private", "unlisted", "public"] as const;
export type PromptVisibility = (typeof PROMPT_VISIBILITIES)[number];

/** Discover's orders of prompts (docs/prompts.md describes trending). */
export const PROMPT_SORTS = ["trending", "newest"] as const;
export type PromptSort = (typeof PROMPT_SORTS)[number];

/** The library file's format name and version (docs/prompts.md). */
export const PROMPT_LIBRARY_FORMAT = "parley.prompts" as const;
export const PROMPT_LIBRARY_VERSION = 1 as const;

/** Where a prompt's opt-in public link leads: this, then its token (as /p/{token} for posts). */
export const PROMPT_PUBLIC_PATH = "/pp/";

/** Words the server answers with about prompts. */
export const PROMPT_MESSAGES = {
  notFound: "Prompt not found. It may have been removed or be private.",
  commentNotFound: "Comment not found. It may have been removed.",
  versionNotFound: "That version of this prompt does not exist.",
  ownPromptSave: "This prompt is already yours: it is in your library.",
  ownPromptReport: "This is yours: you cannot report your own prompt.",
  hiddenNoPublish: "A moderator hid this prompt: it cannot be published or given a public link until an admin restores it.",
  privateNoLink: "Publish this prompt first (unlisted or public): a private prompt cannot have a public link.",
} as const;

// ---------------------------------------------------------------------------------------------
// Variables: {{name}} and {{name|default}}; \{{ is a literal {{.
// ---------------------------------------------------------------------------------------------

/** A variable's name: a letter or _, then up to 39 letters, digits or _. */
export const PROMPT_VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

/** A variable of a prompt: its name and the default its first `{{name|default}}` gives (null: none). */
export type PromptVariable = { name: string; default: string | null };

/** A piece of a prompt's text: plain text (escapes resolved) or a variable, in order. */
export type PromptSegment = { kind: "text"; text: string } | { kind: "variable"; name: string; default: string | null; raw: string };

const isNameStart = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
const isNameChar = (code: number) => isNameStart(code) || (code >= 48 && code <= 57);

/**
 * The text cut into plain pieces and variables, for showing the variables marked. Tokens, read
 * left to right: an escaped `\{{`, or a variable `{{name}}` / `{{name|default}}` whose default is
 * any characters up to the first `}}` on the same line. Anything else, `{{ name }}` with spaces or
 * a name too long included, is plain text.
 *
 * One pass, in time linear in the text: where the next `}}` and the next line break are is looked
 * up at most once past each position (a pattern trying a default at every `{{` would read to the
 * end of the line from each, in the square of the length).
 */
export function promptSegments(text: string): PromptSegment[] {
  const segments: PromptSegment[] = [];
  let plain = "";
  let last = 0;
  // The first `}}` and line break at or after a position, found again only once passed.
  let close = -2;
  let newline = -2;
  const closeFrom = (from: number) => {
    if (close !== -1 && close < from) close = text.indexOf("}}", from);
    return close;
  };
  const newlineFrom = (from: number) => {
    if (newline !== -1 && newline < from) newline = text.indexOf("\n", from);
    return newline;
  };
  let i = text.indexOf("{{");
  while (i !== -1) {
    if (i > 0 && text.charCodeAt(i - 1) === 92 && i - 1 >= last) {
      // `\{{`: a literal `{{`.
      plain += `${text.slice(last, i - 1)}{{`;
      last = i + 2;
      i = text.indexOf("{{", last);
      continue;
    }
    const end = variableEnd(text, i, closeFrom, newlineFrom);
    if (end === -1) {
      i = text.indexOf("{{", i + 1);
      continue;
    }
    plain += text.slice(last, i);
    if (plain) segments.push({ kind: "text", text: plain });
    plain = "";
    const raw = text.slice(i, end);
    const bar = raw.indexOf("|");
    segments.push(
      bar === -1
        ? { kind: "variable", name: raw.slice(2, -2), default: null, raw }
        : { kind: "variable", name: raw.slice(2, bar), default: raw.slice(bar + 1, -2), raw },
    );
    last = end;
    i = text.indexOf("{{", last);
  }
  plain += text.slice(last);
  if (plain) segments.push({ kind: "text", text: plain });
  return segments;
}

/** Where the variable starting with the `{{` at `at` ends (just past its `}}`), or -1 when none starts there. */
function variableEnd(text: string, at: number, closeFrom: (from: number) => number, newlineFrom: (from: number) => number): number {
  let j = at + 2;
  if (j >= text.length || !isNameStart(text.charCodeAt(j))) return -1;
  const nameEnd = Math.min(text.length, j + PROMPT_LIMITS.variableName);
  j += 1;
  while (j < nameEnd && isNameChar(text.charCodeAt(j))) j += 1;
  if (j < text.length && isNameChar(text.charCodeAt(j))) return -1;
  if (text.startsWith("}}", j)) return j + 2;
  if (text.charCodeAt(j) !== 124) return -1;
  const closing = closeFrom(j + 1);
  if (closing === -1) return -1;
  const lineEnd = newlineFrom(j + 1);
  return lineEnd !== -1 && lineEnd < closing ? -1 : closing + 2;
}

/**
 * The distinct variables of a prompt's text, in the order they first appear; a variable's default
 * is the first one given for its name. All of them, also beyond the limit of 20 (which input
 * validation refuses).
 */
export function parsePromptVariables(text: string): PromptVariable[] {
  const byName = new Map<string, PromptVariable>();
  for (const segment of promptSegments(text)) {
    if (segment.kind !== "variable") continue;
    const known = byName.get(segment.name);
    if (!known) byName.set(segment.name, { name: segment.name, default: segment.default });
    else if (known.default === null && segment.default !== null) known.default = segment.default;
  }
  return [...byName.values()];
}

/** The filled-in text, or the names of the variables still missing a value (in order, once each). */
export type FilledPrompt = { text: string; missing?: undefined } | { missing: string[]; text?: undefined };

/**
 * The text with each variable replaced by its value; an absent or empty value takes the default of
 * that place (`{{name|default}}`), else the variable's first default, else it is missing. Values are
 * put in as given: a `{{...}}` inside a value stays as it is. `\{{` becomes `{{`.
 */
export function fillPromptVariables(text: string, values: Readonly<Record<string, string | undefined>>): FilledPrompt {
  const defaults = new Map(parsePromptVariables(text).map((v) => [v.name, v.default]));
  const missing: string[] = [];
  let out = "";
  for (const segment of promptSegments(text)) {
    if (segment.kind === "text") {
      out += segment.text;
      continue;
    }
    const given = Object.hasOwn(values, segment.name) ? values[segment.name] : undefined;
    const value = given !== undefined && given !== "" ? given : (segment.default ?? defaults.get(segment.name) ?? null);
    if (value === null) {
      if (!missing.includes(segment.name)) missing.push(segment.name);
      continue;
    }
    out += value;
  }
  return missing.length > 0 ? { missing } : { text: out };
}
