import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** Everything the Fastify server answers; `vite` (dev) forwards it to a server on port 3000. */
const API_TARGET = "http://localhost:3000";
const proxied = ["/trpc", "/api", "/oidc", "/healthz", "/readyz"];

/** Writes a .br and a .gz copy of each built script, style and image; the server sends them as they are. */
function precompress(): Plugin {
  return {
    name: "parley-precompress",
    apply: "build",
    writeBundle(options) {
      const assets = join(options.dir ?? "dist", "assets");
      for (const name of readdirSync(assets).filter((file) => /\.(js|css|svg)$/.test(file))) {
        const content = readFileSync(join(assets, name));
        writeFileSync(join(assets, `${name}.br`), brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(join(assets, `${name}.gz`), gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * @parley/contracts is a barrel of constants and zod schemas. A module-level `z.object(...)` call
 * may have side effects as far as the bundler can tell, so importing one constant (TIMINGS, PLANS)
 * from the barrel used to put every schema and zod itself (26 kB gzip) in the entry chunk. Its
 * modules only define things, except `without-eval.ts` (zod's setting for the CSP, which must run
 * before a schema is made) and the barrels that import it first: the others are marked side-effect
 * free, so a page gets the modules whose exports it uses, and zod only with a module that makes a
 * schema (a constant kept beside schemas in one module still brings them along).
 */
function contractsWithoutSideEffects(): Plugin {
  const contracts = `${join(import.meta.dirname, "../../packages/contracts/src")}/`;
  return {
    name: "parley-contracts-side-effects",
    apply: "build",
    transform(_code, id) {
      if (!id.startsWith(contracts) || /\/(index|without-eval)\.ts$/.test(id)) return null;
      return { moduleSideEffects: false };
    },
  };
}

export default defineConfig({
  // The router plugin must run before React's so route files are split before JSX is compiled.
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), tailwindcss(), contractsWithoutSideEffects(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: "dist",
    assetsDir: "assets",
    // No inline <script> or data: module preload polyfill: the CSP allows scripts from 'self' only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
