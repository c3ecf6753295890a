import type { Executor } from "@parley/db";
import { LINK_MESSAGES } from "@parley/contracts";
import { AppError } from "../../kit/errors";
import { admitReader, shareGateOf, unlockLink, type Reader } from "../../account/sharing/link-controls";
import { getReadableSession, type SessionRow } from "./sessions";

/**
 * A share's way in (docs/sharing.md): its owner's expiry, password and view cap, checked by the
 * same rule as every public link (account/sharing/link-controls), for every read of the share by a signed-in
 * reader: its history, its comparison columns and a clone of it. The owner meets the same gate
 * and is not counted. A session that is not shared has no gate (its owner reads it as their own).
 */
export async function admitShareReader(db: Executor, reader: Reader, session: Pick<SessionRow, "id" | "userId" | "sharedAt">): Promise<void> {
  if (session.sharedAt === null) return;
  await admitReader(db, reader, await shareGateOf(db, session.id), session.userId);
}

/**
 * Opens a password-protected share for this browser session. Only a share the caller may read
 * (shared, not hidden) can be unlocked; anything else is the share's usual 404. Tries are limited
 * by `allowTry`, given the share's gate id.
 */
export async function unlockShare(
  db: Executor,
  reader: Reader & { visitor: NonNullable<Reader["visitor"]> },
  userId: string,
  sessionId: number,
  password: string,
  allowTry: (gateId: string) => Promise<void>,
) {
  const session = await getReadableSession(db, userId, sessionId);
  if (session.sharedAt === null) throw new AppError("NOT_FOUND", LINK_MESSAGES.notShared);
  const gate = await shareGateOf(db, session.id);
  return unlockLink(db, reader, gate, password, () => allowTry(gate.tokenHash));
}
