import { defineConfig } from "vitest/config";

/** Unit tests of the SPA's pure logic; browser behaviour is covered by the Playwright specs in e2e/. */
export default defineConfig({
  test: { include: ["test/**/*.test.ts"], environment: "node" },
});
