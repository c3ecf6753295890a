// The JavaScript each page of the web app loads, gzipped: the entry chunk with its static
// imports, plus the lazily loaded chunks of the page's route and of its parent layout routes
// (TanStack Router's automatic code splitting). Read from a Vite manifest of the production build.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "../support/run.mjs";

/** The manifest of apps/web/dist, or of an identical build with a manifest made in a temp folder. */
function loadManifest(web) {
  const own = join(web, "dist/.vite/manifest.json");
  if (existsSync(own)) return { dir: join(web, "dist"), manifest: JSON.parse(readFileSync(own, "utf8")), cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), "parley-bench-web-"));
  const result = spawnSync(join(web, "node_modules/.bin/vite"), ["build", "--manifest", "--outDir", dir, "--emptyOutDir", "--logLevel", "error"], {
    cwd: web,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error("vite build --manifest failed");
  }
  return { dir, manifest: JSON.parse(readFileSync(join(dir, ".vite/manifest.json"), "utf8")), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Route file (src/routes/...) → path segments, e.g. chat.share.$sessionId.tsx → [chat, share, $sessionId]. */
function routeSegments(source) {
  const name = source.replace(/^src\/routes\//, "").replace(/\.[jt]sx?$/, "");
  return name.split(/[./]/).filter((segment) => segment !== "index" && segment !== "route" && segment !== "__root" && !/^\(.*\)$/.test(segment));
}

const isPrefix = (prefix, of) => prefix.length <= of.length && prefix.every((segment, i) => of[i] === segment);

/** `[ { path, files: Set<file> } ]` for every route that has split chunks, plus the shared entry. */
function routeChunks(manifest) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error("the Vite manifest has no entry");
  const closure = (keys, into = new Set()) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) continue;
      if (chunk.file.endsWith(".js")) into.add(chunk.file);
      closure(chunk.imports ?? [], into);
    }
    return into;
  };
  const entry = closure([entryKey]);
  const splits = new Map();
  for (const key of Object.keys(manifest)) {
    const match = /^(src\/routes\/[^?]+)\?tsr-split/.exec(key);
    if (!match) continue;
    const keys = splits.get(match[1]) ?? [];
    keys.push(key);
    splits.set(match[1], keys);
  }
  const routes = [...splits.keys()].map((source) => ({ source, segments: routeSegments(source) }));
  return {
    entry,
    routes: routes.map(({ source, segments }) => {
      const own = routes.filter((other) => isPrefix(other.segments, segments) && (other.source === source || !/(^|[./])index\.[jt]sx?$/.test(other.source)));
      const files = closure(
        own.flatMap((route) => splits.get(route.source)),
        new Set(entry),
      );
      // Chunks these files import with `import()` (the markdown renderer, the highlighter): the
      // page renders without them; they load beside its queries or when first used.
      const after = new Set();
      // (The entry's own `import()`s are the routes' chunks, counted per route above.)
      const lazy = (key) => (manifest[key].dynamicImports ?? []).filter((imported) => !imported.includes("?tsr-split"));
      const pending = Object.keys(manifest)
        .filter((key) => files.has(manifest[key].file))
        .flatMap(lazy);
      for (const key of pending) {
        if (!manifest[key] || files.has(manifest[key].file) || after.has(manifest[key].file)) continue;
        for (const file of closure([key])) if (!files.has(file)) after.add(file);
        pending.push(...lazy(key));
      }
      // A pathless layout (`_authed.tsx`) is no page of its own; its chunks count in its children.
      const layout = segments.at(-1)?.startsWith("_") ?? false;
      const path = layout
        ? `(layout ${segments.at(-1)})`
        : `/${segments
            .filter((s) => !s.startsWith("_"))
            .map((s) => s.replace(/_$/, ""))
            .join("/")}`;
      return { path, source, files, after, layout };
    }),
  };
}

/**
 * Gzipped kB (1000 bytes) of the JS each route loads before it renders (`kb`) and of the chunks it
 * imports lazily (`afterKb`): `{ entryKb, routes: [{ path, source, kb, afterKb, layout }] }`.
 */
export function measureRouteJs(web = join(ROOT, "apps/web")) {
  const { dir, manifest, cleanup } = loadManifest(web);
  try {
    const sizes = new Map();
    const gzipped = (file) => {
      if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dir, file))).length);
      return sizes.get(file);
    };
    const kb = (files) => Math.round([...files].reduce((sum, file) => sum + gzipped(file), 0) / 100) / 10;
    const { entry, routes } = routeChunks(manifest);
    return {
      entryKb: kb(entry),
      routes: routes
        .map((route) => ({ path: route.path, source: route.source, kb: kb(route.files), afterKb: kb(route.after), layout: route.layout }))
        .sort((a, b) => a.path.localeCompare(b.path)),
    };
  } finally {
    cleanup();
  }
}
