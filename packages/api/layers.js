// The layers of packages/api/src, lowest first: the one place they are listed. A folder imports
// from its own folder and from the layers below it, never from a layer above it nor from another
// folder of its own layer. root/ is the top layer: one file per tRPC namespace, and its index.ts
// composing them into the app's router; src/index.ts, the package's entry, may import anything.
// eslint.config.js (the rule `boundaries/dependencies`) and scripts/check-cycles.mjs (the
// counts) both read this list.
export const LAYERS = [["kit"], ["account"], ["conversation"], ["community"], ["reach", "moderation"], ["admin"], ["root"]];

/** Files at the top of src/ that compose the layers: the package's entry. */
export const COMPOSERS = ["index.ts"];

/** The rank of a top-level folder of src/ (0 = kit), or -1 when it is not a layer. */
export function layerRank(folder) {
  return LAYERS.findIndex((layer) => layer.includes(folder));
}

/** Whether an import from `from` into `to` (top-level folders of src/) runs back up or sideways. */
export function isBackUp(from, to) {
  if (from === to) return false;
  return layerRank(to) >= layerRank(from);
}

/** Why `from` may not import `to`, as the lint rule reports it. */
export function backUpMessage(from, to) {
  const where = layerRank(to) === layerRank(from) ? "another folder of its own layer" : "a higher layer";
  const order = LAYERS.map((layer) => layer.join(", ")).join(" < ");
  return (
    `api layers: ${from}/ may not import from ${to}/, ${where} (packages/api/layers.js: ${order}). ` +
    `Move the shared piece down to ${from}/ or a layer below it, or let root/ or the host pass it in through a port of the context.`
  );
}
