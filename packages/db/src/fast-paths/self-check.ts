import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** What a fast path was written against, and what the start-up self-check found installed. */
export type LibraryCheck = {
  library: string;
  /** The one version whose internals the fast path was read from and tested with. */
  writtenFor: string;
  installed: string | undefined;
  /** What the fast path uses that the installed library lacks, or has in another shape. */
  missing: string[];
};

/**
 * The start-up self-check's finding: null when the fast path fits the installed library, or the
 * line to log once when it does not (the library's public path is then used instead).
 */
export function libraryMismatch({ library, writtenFor, installed, missing }: LibraryCheck): string | null {
  if (installed !== writtenFor) {
    return `${library} ${installed ?? "(version unknown)"} is not ${writtenFor}, the version its fast path was written for: using ${library}'s public path (slower, same answers) until the fast path is checked against this version`;
  }
  if (missing.length > 0) {
    return `${library} ${installed} does not have ${missing.join(", ")} as its fast path expects: using ${library}'s public path (slower, same answers)`;
  }
  return null;
}

const requireHere = createRequire(import.meta.url);

/**
 * The version in an installed package's package.json (undefined if unreadable), found from its
 * entry point upwards: neither postgres nor PGlite exports its package.json.
 */
export function packageVersion(name: string): string | undefined {
  if (!versions.has(name)) versions.set(name, readVersion(name));
  return versions.get(name);
}

const versions = new Map<string, string | undefined>();

function readVersion(name: string): string | undefined {
  try {
    for (let dir = dirname(requireHere.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
      try {
        const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
        if (manifest.name === name) return manifest.version;
      } catch {
        // no package.json at this level (or not readable): look further up
      }
    }
  } catch {
    // not resolvable from here
  }
  return undefined;
}
