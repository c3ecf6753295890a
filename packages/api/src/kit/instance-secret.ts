import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { instanceSettings, type Executor } from "@parley/db";

/**
 * A secret of the instance, drawn once and kept in instance_settings (`{ secret: <64 hex> }` under
 * its name): every server on the database reads the same one, before and after a restart. The
 * first server to need it draws it; a second drawing at the same moment keeps the first one's.
 */
export async function instanceSecret(db: Executor, name: string): Promise<Buffer> {
  const read = async () => {
    const [row] = await db.select({ value: instanceSettings.value }).from(instanceSettings).where(eq(instanceSettings.key, name)).limit(1);
    const secret = (row?.value as { secret?: unknown } | undefined)?.secret;
    return typeof secret === "string" && /^[0-9a-f]{64}$/.test(secret) ? Buffer.from(secret, "hex") : null;
  };
  const found = await read();
  if (found) return found;
  await db
    .insert(instanceSettings)
    .values({ key: name, value: { secret: randomBytes(32).toString("hex") } })
    .onConflictDoNothing({ target: instanceSettings.key });
  const made = await read();
  if (!made) throw new Error(`The instance setting ${name} holds no secret`);
  return made;
}
