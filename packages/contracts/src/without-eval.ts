import { config } from "zod";

// In a browser, zod parses without compiling parsers. The web app's Content-Security-Policy
// allows no eval (script-src 'self'), and zod would otherwise try `new Function` once, when the
// first object schema is made, to see whether it may compile faster parsers: the attempt fails
// as it should, but the browser reports it as a policy violation. The server keeps them.
// index.ts imports this module first, so it runs before any schema of this package is made.
if ("document" in globalThis) config({ jitless: true });
