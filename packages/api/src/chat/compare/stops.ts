/**
 * The comparison columns streaming in this process, so one column can be stopped on its own
 * while the others go on. A column is found by its owner, session and column: no one else can
 * stop it.
 */
export class ColumnStops {
  readonly #running = new Map<string, Set<AbortController>>();

  add(userId: string, sessionId: number, column: number): { signal: AbortSignal; release: () => void } {
    const key = `${userId}:${sessionId}:${column}`;
    const controller = new AbortController();
    const set = this.#running.get(key) ?? new Set();
    set.add(controller);
    this.#running.set(key, set);
    return {
      signal: controller.signal,
      release: () => {
        set.delete(controller);
        if (set.size === 0 && this.#running.get(key) === set) this.#running.delete(key);
      },
    };
  }

  /** Stops the column's replies streaming now; true when there was one. */
  stop(userId: string, sessionId: number, column: number): boolean {
    const set = this.#running.get(`${userId}:${sessionId}:${column}`);
    if (!set || set.size === 0) return false;
    for (const controller of set) controller.abort();
    return true;
  }
}

export const columnStops = new ColumnStops();
