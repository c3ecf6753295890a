import { defineConfig } from "vitest/config";

// Server tests start real databases (PGlite in WASM, or a fresh PostgreSQL database) and real
// servers; on a busy two-core machine that takes seconds, not milliseconds.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
