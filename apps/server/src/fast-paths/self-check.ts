import { createRequire } from "node:module";

export { libraryMismatch } from "@parley/db";

const requireHere = createRequire(import.meta.url);

/** The version in a package's own package.json, as resolved from this server (undefined if unreadable). */
export function packageVersion(name: string): string | undefined {
  try {
    return (requireHere(`${name}/package.json`) as { version?: string }).version;
  } catch {
    return undefined;
  }
}
