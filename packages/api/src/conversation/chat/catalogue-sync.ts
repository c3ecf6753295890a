import { notInArray, sql } from "drizzle-orm";
import type { CatalogueEntry } from "@parley/ai";
import { models, type Database } from "@parley/db";

/**
 * Stores the configured catalogue in `models` (run at start-up): entries are added or updated
 * by id, and models no longer configured are kept (old messages name them) but disabled.
 */
export async function syncModelCatalogue(db: Database, entries: readonly CatalogueEntry[]) {
  await db.transaction(async (tx) => {
    for (const [index, entry] of entries.entries()) {
      const values = { name: entry.name, version: entry.version, service: entry.service, baseUrl: entry.baseUrl, enabled: true, sortOrder: index };
      await tx
        .insert(models)
        .values({ id: entry.id, ...values })
        .onConflictDoUpdate({ target: models.id, set: values });
    }
    const ids = entries.map((e) => e.id);
    await tx
      .update(models)
      .set({ enabled: false })
      .where(ids.length > 0 ? notInArray(models.id, ids) : sql`true`);
  });
}
