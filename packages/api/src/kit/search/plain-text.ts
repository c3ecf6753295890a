// Markdown syntax taken out of a search snippet, so that it reads as plain text ('**bold**' reads
// 'bold'). A snippet is a piece of a message cut anywhere (ts_headline), so this is no parser:
// one pass over the text, each character looked at a bounded number of times, whatever the text
// (no regular expression that could backtrack): linear in its length (docs/discovery.md).

const PUNCTUATION = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");
const isSpace = (c: string | undefined) => c === undefined || c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v" || c === "\u00a0";
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const WORD = /[\p{L}\p{N}]/u;
const isWordChar = (c: string | undefined) =>
  c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || isDigit(c) || (c > "\u007f" && WORD.test(c)));

/** Where the line's own syntax ends: block quotes, then a heading's #s or a list's marker (and a task's box). */
function lineStart(line: string): number {
  let i = 0;
  const skipSpaces = () => {
    while (line[i] === " " || line[i] === "\t") i++;
  };
  skipSpaces();
  while (line[i] === ">") {
    i++;
    skipSpaces();
  }
  if (line[i] === "#") {
    let hashes = 0;
    while (line[i + hashes] === "#" && hashes < 7) hashes++;
    if (hashes <= 6 && isSpace(line[i + hashes])) {
      i += hashes;
      skipSpaces();
    }
    return i;
  }
  let marker = i;
  if (line[i] === "-" || line[i] === "*" || line[i] === "+") marker = i + 1;
  else {
    let digits = 0;
    while (isDigit(line[i + digits]) && digits < 10) digits++;
    if (digits > 0 && digits < 10 && (line[i + digits] === "." || line[i + digits] === ")")) marker = i + digits + 1;
  }
  if (marker > i && (line[marker] === " " || line[marker] === "\t")) {
    i = marker;
    skipSpaces();
    // A task list's box: '- [ ] ' or '- [x] '.
    if (line[i] === "[" && (line[i + 1] === " " || line[i + 1] === "x" || line[i + 1] === "X") && line[i + 2] === "]" && isSpace(line[i + 3])) {
      i += 3;
      skipSpaces();
    }
  }
  return i;
}

/** A line that is syntax only: a thematic break (---, ***, ___), a setext underline (===) or a table's alignment row (|---|:--:|). */
function syntaxOnly(line: string, from: number): boolean {
  let rule: string | null = null;
  let count = 0;
  let table = true;
  let dash = false;
  let pipe = false;
  for (let i = from; i < line.length; i++) {
    const c = line[i]!;
    if (c === " " || c === "\t" || c === "\r") continue;
    if (c === "-") dash = true;
    else if (c === "|") pipe = true;
    else if (c !== ":") table = false;
    if (c === "-" || c === "*" || c === "_" || c === "=") {
      if (rule === null) rule = c;
      if (c === rule) count++;
      else rule = "mixed";
    } else rule = "mixed";
  }
  return (rule !== null && rule !== "mixed" && count >= 3) || (rule === "=" && count >= 1) || (table && dash && pipe);
}

/** A fence line of a code block: ``` or ~~~ (three or more), with its language. */
function isFence(line: string): boolean {
  let i = 0;
  while (line[i] === " " && i < 4) i++;
  const c = line[i];
  if (c !== "`" && c !== "~") return false;
  let run = 0;
  while (line[i + run] === c) run++;
  return run >= 3;
}

/** The character before `at` in `line` (and the one from `at` on), read through transparent ones (at most a few in a row). */
function before(line: string, at: number, skip: ReadonlySet<string>) {
  let j = at - 1;
  while (j >= 0 && skip.has(line[j]!) && at - j < 4) j--;
  return line[j];
}
function after(line: string, at: number, skip: ReadonlySet<string>) {
  let j = at;
  while (j < line.length && skip.has(line[j]!) && j - at < 3) j++;
  return line[j];
}

/** Characters that may start inline syntax; runs of any others are copied as they are. */
const INLINE = new Set("\\`*_~[]|");

/** One line's text from `start` to `end` without its inline syntax, appended to `out`. */
function inline(line: string, start: number, end: number, skip: ReadonlySet<string>, out: string[]) {
  // A table's row: its pipes are cell borders.
  const tableRow = line[start] === "|" || (end > start + 1 && line[end - 1] === "|" && line[end - 2] !== "\\");
  /** Where each '[' not closed yet went in `out` (and its image's '!'): a link's '](address)' removes them. */
  const brackets: { at: number; bang: number }[] = [];
  let codeRun = 0;
  let from = start;
  let i = start;
  const flush = (to: number) => {
    if (to > from) out.push(line.slice(from, to));
  };
  while (i < end) {
    const c = line[i]!;
    if (codeRun > 0 ? c !== "`" : !INLINE.has(c)) {
      i++;
      continue;
    }
    flush(i);
    if (c === "`") {
      let run = 0;
      while (line[i + run] === "`") run++;
      // A code span's text stays as written; its backticks go.
      if (codeRun === 0) codeRun = run;
      else if (run === codeRun) codeRun = 0;
      else out.push(line.slice(i, i + run));
      i += run;
    } else if (c === "\\") {
      if (i + 1 < end && PUNCTUATION.has(line[i + 1]!)) {
        out.push(line[i + 1]!);
        i += 2;
      } else {
        out.push(c);
        i++;
      }
    } else if (c === "*" || c === "_" || c === "~") {
      let run = 0;
      while (line[i + run] === c) run++;
      const previous = before(line, i, skip);
      const next = after(line, i + run, skip);
      const standsAlone = isSpace(previous) && isSpace(next);
      const inWord = c === "_" ? isWordChar(previous) && isWordChar(next) : isDigit(previous) && isDigit(next);
      if (standsAlone || inWord || (c === "~" && run < 2)) out.push(line.slice(i, i + run));
      i += run;
    } else if (c === "[") {
      let bang = -1;
      if (out.length > 0 && i > start && line[i - 1] === "!") {
        // The '!' of an image goes with its brackets: it is split off the text before it.
        const last = out.pop()!;
        if (last.length > 1) out.push(last.slice(0, -1));
        bang = out.length;
        out.push("!");
      }
      brackets.push({ at: out.length, bang });
      out.push(c);
      i++;
    } else if (c === "]" && line[i + 1] === "(") {
      // A link's address: up to ')' with no space in it. When there is none, nothing up to where
      // the search stopped can end one either, so that text is passed over at once.
      let j = i + 2;
      while (j < end && line[j] !== ")" && !isSpace(line[j])) j++;
      const open = brackets.pop();
      if (line[j] === ")") {
        if (open) {
          out[open.at] = "";
          if (open.bang >= 0) out[open.bang] = "";
        }
        i = j + 1;
      } else {
        out.push(line.slice(i, j));
        i = j;
      }
    } else if (c === "]") {
      brackets.pop();
      out.push(c);
      i++;
    } else {
      // A pipe: a cell border in a table's row, else text.
      out.push(tableRow ? " " : c);
      i++;
    }
    from = i;
  }
  flush(end);
}

/** Runs of white space, as one space (a snippet reads on one line). */
const SPACES = /[ \t\n\r\f\v\u00a0]+/g;

/**
 * The text of `text` without its markdown syntax: emphasis and strikethrough marks, code spans'
 * backticks and code blocks' fences, headings' #s, block quotes' >s, list markers, a link's or an
 * image's address (its text stays), tables' pipes and rules, backslash escapes; lines joined by
 * one space. Marks that are not syntax stay: '2 * 3', snake_case, '[redacted API key]', '~5'.
 * `transparent` characters (a snippet's highlight markers) are kept and read through when deciding.
 */
export function markdownToPlainText(text: string, transparent = ""): string {
  const skip = new Set(transparent);
  const out: string[] = [];
  let inFence = false;
  for (const line of text.split("\n")) {
    if (isFence(line)) {
      inFence = !inFence;
    } else if (inFence) {
      out.push(line);
    } else {
      const start = lineStart(line);
      if (!syntaxOnly(line, 0) && !syntaxOnly(line, start)) {
        let end = line.length;
        while (end > start && (line[end - 1] === " " || line[end - 1] === "\t" || line[end - 1] === "\r")) end--;
        inline(line, start, end, skip, out);
      }
    }
    out.push(" ");
  }
  return out.join("").replace(SPACES, " ").trim();
}
