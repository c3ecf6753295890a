import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** Everything the Fastify server answers; `vite` (dev) forwards it to a server on port 3000. */
const API_TARGET = "http://localhost:3000";
const proxied = ["/trpc", "/api", "/oidc", "/healthz", "/readyz"];

export default defineConfig({
  // The router plugin must run before React's so route files are split before JSX is compiled.
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), tailwindcss()],
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
