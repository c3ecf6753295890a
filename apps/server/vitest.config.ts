import { defineConfig } from "vitest/config";

// Server tests start real databases (PGlite in WASM, or a fresh PostgreSQL database) and real
// servers; on a busy two-core machine that takes seconds, not milliseconds.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // vitest's default on two cores is one file at a time; a server test file spends much of its
    // time waiting (for its database, a started server, a stream), so two run side by side.
    maxWorkers: 2,
    // Each worker loads the app's modules (Fastify, the provider SDKs, the sign-in provider,
    // PGlite's compiled WebAssembly) once and runs its files one after another, instead of a
    // new process per file paying about three seconds of CPU to load them again. The files share
    // no state through modules: each builds its own app on its own database and closes both.
    isolate: false,
  },
});
