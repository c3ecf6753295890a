// Bundles the server and the workspace packages it uses into dist/main.js; third-party packages
// stay external and load from node_modules. Each file is written aside and renamed into place, so a
// server starting during a build never loads half a bundle.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { build } from "esbuild";

const { outputFiles } = await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  write: false,
  plugins: [
    {
      name: "external-dependencies",
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@parley/") ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});

for (const file of outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const aside = `${file.path}.${process.pid}.tmp`;
  writeFileSync(aside, file.contents);
  renameSync(aside, file.path);
}
