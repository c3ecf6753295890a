// What every benchmark server process does once its app is listening: say where it is, and on
// SIGTERM close the app and the database and remove its scratch directory.
import { rmSync } from "node:fs";
import type { DbHandle } from "@parley/db";

export function announceAndStopOnSigterm(app: { close(): Promise<unknown> }, handle: DbHandle, dir: string, url: string) {
  console.log(JSON.stringify({ url, database: handle.kind === "pglite" ? "PGlite" : "PostgreSQL" }));
  process.on("SIGTERM", () => {
    void (async () => {
      await app.close();
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}
