// PGlite's fast path (src/fast-paths/pglite) runs only on the PGlite version and shape it was
// written for. Fed another version or shape, the self-check says why (the server logs it) and
// PGlite's public path answers instead, with the same results.
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src";
import { installedPglite, PGLITE_WRITTEN_FOR, prepareQueries, type PgliteLibrary } from "../../src/fast-paths";
import { answers } from "./answers";

describe("PGlite", () => {
  const installed = installedPglite();
  let fast: PGlite;
  let fallback: PGlite;
  beforeAll(async () => {
    // Creating a database (initdb) takes seconds on a busy machine.
    [fast, fallback] = [new PGlite(), new PGlite()];
    await Promise.all([fast.waitReady, fallback.waitReady]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([fast.close(), fallback.close()]);
  });

  it("was written for the installed PGlite", () => {
    expect(installed.version).toBe(PGLITE_WRITTEN_FOR);
  });

  it.each<[string, (pg: PGlite) => [object, PgliteLibrary], RegExp]>([
    [
      "another version",
      (pg) => [pg, { ...installed, version: "0.6.0" }],
      /^@electric-sql\/pglite 0\.6\.0 is not 0\.5\.16, the version its fast path was written for/,
    ],
    [
      "no _runExclusiveQuery",
      (pg) => [Object.create(pg, { _runExclusiveQuery: { value: undefined } }), installed],
      /does not have _runExclusiveQuery as its fast path expects/,
    ],
    [
      "a protocol helper gone",
      (pg) => [pg, { ...installed, serialize: { ...installed.serialize, bind: undefined } }],
      /does not have protocol\.serialize\.bind/,
    ],
  ])("%s: the self-check says why and leaves PGlite's own query in place", (_name, change, finding) => {
    const [instance, library] = change(fallback);
    expect(prepareQueries(instance as PGlite, library)).toMatch(finding);
    expect(Object.hasOwn(instance, "query")).toBe(false);
  });

  it("answers the same on PGlite's own query as prepared", async () => {
    expect(prepareQueries(fast)).toBeNull();
    expect(Object.hasOwn(fast, "query")).toBe(true);
    expect(prepareQueries(fallback, { ...installed, version: "0.6.0" })).not.toBeNull();
    const [prepared, own] = [drizzlePglite({ client: fast }), drizzlePglite({ client: fallback })] as unknown as Database[];
    const expected = await answers(prepared!, "fast_path_probe");
    expect(await answers(own!, "fast_path_probe")).toEqual(expected);
    expect(expected).toContainEqual({ code: "23505" });
    expect(expected).toContainEqual([
      { id: 1, note: "it's", data: { a: 1 }, x: "x", n: 4 },
      { id: 2, note: null, data: null, x: "x", n: 4 },
    ]);
  });
});
