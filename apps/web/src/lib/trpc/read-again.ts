/** A cached query as tRPC's utils hand it out (`utils.chat.sessions`). */
export type CachedQuery = { cancel: () => Promise<void>; invalidate: () => Promise<void> };

/**
 * Reads a query again after a change the caller just made. A query whose first load is still
 * on its way (sent before the change, so without it) is not read again by an invalidation,
 * which only waits for that load; cancelled first, it is.
 */
export async function readAgain(query: CachedQuery): Promise<void> {
  await query.cancel();
  await query.invalidate();
}
