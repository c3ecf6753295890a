import { and, eq, isNull, lt, or, gt } from "drizzle-orm";
import type { Adapter, AdapterPayload } from "oidc-provider";
import { oidcPayloads, type Database } from "@parley/db";

/** How often one instance deletes expired provider state. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens...) in the
 * `oidc_payloads` table, so sign-ins survive restarts and work across several server instances.
 * One adapter per model name (`type`); rows past `expiresAt` read as absent and are swept.
 */
export function createOidcAdapterFactory(db: Database) {
  let lastSweep = Date.now();
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = Date.now();
    db.delete(oidcPayloads)
      .where(lt(oidcPayloads.expiresAt, new Date()))
      .catch(() => {
        // Best effort: the next sweep tries again, and expired rows are never read meanwhile.
      });
  };
  return (name: string): Adapter => new DrizzleOidcAdapter(db, name, sweep);
}

class DrizzleOidcAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly type: string,
    private readonly sweep: () => void,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
    const row = {
      payload: JSON.stringify(payload),
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ id, type: this.type, ...row })
      .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: row });
    this.sweep();
  }

  find(id: string) {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string) {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string) {
    await this.db
      .update(oidcPayloads)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type)));
  }

  async destroy(id: string) {
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.type)));
  }

  async revokeByGrantId(grantId: string) {
    // Everything issued under the grant goes: codes, access and refresh tokens, the grant itself.
    await this.db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcPayloads)
      .where(and(condition, eq(oidcPayloads.type, this.type), or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()))))
      .limit(1);
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}
