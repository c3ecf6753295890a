// `pnpm lint:cycles`: no module of the workspace imports itself back through others (type-only
// imports count too). The router's generated route tree is left out: it imports the routes,
// and the root route reaches the router again by design of the generator.
import madge from "madge";

const SOURCES = ["apps/server/src", "apps/web/src", ...["ai", "api", "contracts", "db", "identity", "keys"].map((name) => `packages/${name}/src`)];

const graph = await madge(SOURCES, {
  fileExtensions: ["ts", "tsx"],
  excludeRegExp: [/routeTree\.gen\.ts$/],
});
const cycles = graph.circular();
if (cycles.length > 0) {
  console.error(`${cycles.length} import cycle(s); move what both sides need into a module of its own:`);
  for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(" → ")}`);
  process.exit(1);
}
console.log(`No import cycles in ${Object.keys(graph.obj()).length} modules.`);
