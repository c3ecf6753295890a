// `pnpm lint:cycles`: no module of the workspace imports itself back through others (type-only
// imports count too), and, counted from the imports, no edge runs back up: between the workspace
// packages (no package reaches itself again through others), and between the folders of
// packages/api/src (against the layers listed once in packages/api/layers.js). The router's
// generated route tree is left out: it imports the routes, and the root route reaches the router
// again by design of the generator. Only the apps import @parley/api: no other package's sources,
// tests or scripts may (nor list it as a dependency), so the domain never becomes a library of theirs.
import fs from "node:fs";
import path from "node:path";
import madge from "madge";
import { COMPOSERS, isBackUp, LAYERS, layerRank } from "../packages/api/layers.js";

const PACKAGES = ["ai", "api", "contracts", "db", "identity", "keys", "privacy"];
/** The only workspaces that may import @parley/api. */
const API_IMPORTERS = ["apps/server", "apps/web"];
const SOURCES = ["apps/server/src", "apps/web/src", ...PACKAGES.map((name) => `packages/${name}/src`)];
let failed = false;

const graph = await madge(SOURCES, {
  fileExtensions: ["ts", "tsx"],
  excludeRegExp: [/routeTree\.gen\.ts$/],
});
const cycles = graph.circular();
if (cycles.length > 0) {
  failed = true;
  console.error(`${cycles.length} import cycle(s); move what both sides need into a module of its own:`);
  for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(" → ")}`);
} else {
  console.log(`No import cycles in ${Object.keys(graph.obj()).length} modules.`);
}

// Packages: an edge for each workspace package whose sources import another (@parley/<name>).
const workspaces = Object.fromEntries(
  ["apps/server", "apps/web", ...PACKAGES.map((name) => `packages/${name}`)].map((dir) => [
    JSON.parse(fs.readFileSync(`${dir}/package.json`, "utf8")).name,
    dir,
  ]),
);
const sourcesOf = (dir) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
const packageEdges = new Map(Object.keys(workspaces).map((name) => [name, new Set()]));
for (const [name, dir] of Object.entries(workspaces)) {
  for (const file of sourcesOf(`${dir}/src`)) {
    for (const [, target] of fs.readFileSync(file, "utf8").matchAll(/(?:from\s+|import\(\s*)["'](@parley\/[a-z-]+)/g)) {
      if (target !== name && packageEdges.has(target)) packageEdges.get(name).add(target);
    }
  }
}
/** Edges of `edges` that lie on a cycle (both ends reach each other). */
function backEdges(edges) {
  const reaches = (from, to) => {
    const seen = new Set();
    const stack = [from];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node === to) return true;
      if (seen.has(node)) continue;
      seen.add(node);
      stack.push(...(edges.get(node) ?? []));
    }
    return false;
  };
  return [...edges].flatMap(([from, targets]) => [...targets].filter((to) => reaches(to, from)).map((to) => `${from} → ${to}`));
}
const packageBack = backEdges(packageEdges);
const packageEdgeCount = [...packageEdges.values()].reduce((sum, targets) => sum + targets.size, 0);
console.log(`Packages: ${packageEdges.size} workspace packages, ${packageEdgeCount} import edges, ${packageBack.length} back up.`);
if (packageBack.length > 0) {
  failed = true;
  console.error(`  packages that reach themselves again: ${packageBack.join(", ")}`);
}

// @parley/api from anything but the apps: every file of every other package (its sources, tests,
// benchmarks and scripts) and its package.json.
const IMPORT_OF_API = /(?:from\s+|import\(\s*|require\(\s*)["']@parley\/api(?:["'/])/;
const filesOf = (dir) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:[cm]?[jt]sx?)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/(?:^|\/)(?:node_modules|dist|test-results)\//.test(file));
const apiImports = [];
for (const dir of Object.values(workspaces).filter((dir) => !API_IMPORTERS.includes(dir) && dir !== "packages/api")) {
  const manifest = JSON.parse(fs.readFileSync(`${dir}/package.json`, "utf8"));
  const listed = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"].filter((field) => manifest[field]?.["@parley/api"]);
  if (listed.length > 0) apiImports.push(`${dir}/package.json (${listed.join(", ")})`);
  for (const file of filesOf(dir)) if (IMPORT_OF_API.test(fs.readFileSync(file, "utf8"))) apiImports.push(file);
}
console.log(`@parley/api: imported only by ${API_IMPORTERS.join(" and ")}; ${apiImports.length} import(s) from elsewhere.`);
if (apiImports.length > 0) {
  failed = true;
  console.error(`  only the apps may import @parley/api; these do (move what they need into a lower package):`);
  for (const where of apiImports) console.error(`    ${where}`);
}

// packages/api/src: folders (each file's directory), the import edges between them, and those
// that run from a layer back up to a higher one or sideways into another folder of its layer.
const api = await madge("packages/api/src", { fileExtensions: ["ts"] });
const folderOf = (file) => path.dirname(file);
const layerOf = (file) => (file.includes("/") ? file.split("/")[0] : "composer");
const folders = new Set();
const folderEdges = new Set();
const back = [];
for (const [file, imports] of Object.entries(api.obj())) {
  folders.add(folderOf(file));
  for (const target of imports) {
    if (folderOf(target) !== folderOf(file)) folderEdges.add(`${folderOf(file)} → ${folderOf(target)}`);
    const from = layerOf(file);
    const to = layerOf(target);
    const upward = from !== "composer" && (to === "composer" ? COMPOSERS.includes(target) : layerRank(to) < 0 || layerRank(from) < 0 || isBackUp(from, to));
    if (upward && from !== to) back.push(`${file} → ${target}`);
  }
}
const backFolderEdges = new Set(back.map((edge) => edge.split(" → ").map(folderOf).join(" → ")));
console.log(
  `packages/api/src: ${folders.size} folders in ${LAYERS.length} layers (${LAYERS.map((layer) => layer.join(", ")).join(" < ")}), ` +
    `${folderEdges.size} import edges between folders, ${backFolderEdges.size} back up.`,
);
if (back.length > 0) {
  failed = true;
  console.error(`  imports that run back up (see packages/api/layers.js):`);
  for (const edge of back) console.error(`    ${edge}`);
}
if (failed) process.exit(1);
