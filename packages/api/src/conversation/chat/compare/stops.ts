import type { ColumnKey, ColumnStopper } from "../../../kit/ports";

/**
 * Carries a Stop to the other server instances sharing the database (Redis pub/sub, PostgreSQL
 * LISTEN/NOTIFY): `publish` sends it to every instance, this one included, and `subscribe`
 * hands each arriving one to `receive`. Without one, Stops reach this process only.
 */
export type StopChannel = {
  publish: (message: string) => Promise<void>;
};

/**
 * The comparison columns streaming in this process, so one column can be stopped on its own
 * while the others go on; with a channel, a Stop that reaches another instance ends a column
 * streaming here too.
 */
export class ColumnStops implements ColumnStopper {
  readonly #running = new Map<string, Set<AbortController>>();
  #channel: StopChannel | null = null;
  #onChannelError: (error: unknown) => void = () => {};

  /** Sends Stops through `channel` from now on; `onError` hears of the ones it failed to carry. */
  useChannel(channel: StopChannel | null, onError: (error: unknown) => void = () => {}) {
    this.#channel = channel;
    this.#onChannelError = onError;
  }

  add(key: ColumnKey): { signal: AbortSignal; release: () => void } {
    const name = keyOf(key);
    const controller = new AbortController();
    const set = this.#running.get(name) ?? new Set();
    set.add(controller);
    this.#running.set(name, set);
    return {
      signal: controller.signal,
      release: () => {
        set.delete(controller);
        if (set.size === 0 && this.#running.get(name) === set) this.#running.delete(name);
      },
    };
  }

  /** Stops the column's replies streaming in this process now; true when there was one. */
  stopHere(key: ColumnKey): boolean {
    const set = this.#running.get(keyOf(key));
    if (!set || set.size === 0) return false;
    for (const controller of set) controller.abort();
    return true;
  }

  /** Asks every other instance to stop the column (each stops it if it streams there). */
  async broadcast(key: ColumnKey): Promise<void> {
    if (!this.#channel) return;
    await this.#channel.publish(JSON.stringify(key)).catch((error: unknown) => this.#onChannelError(error));
  }

  /** A Stop that came through the channel (from any instance). Anything malformed is ignored. */
  receive(message: string) {
    let key: unknown;
    try {
      key = JSON.parse(message);
    } catch {
      return;
    }
    if (!isColumnKey(key)) return;
    this.stopHere(key);
  }
}

const keyOf = (key: ColumnKey) => `${key.userId}:${key.sessionId}:${key.column}`;

function isColumnKey(value: unknown): value is ColumnKey {
  const v = value as Partial<ColumnKey> | null;
  return typeof v === "object" && v !== null && typeof v.userId === "string" && Number.isInteger(v.sessionId) && Number.isInteger(v.column);
}

/** The process's stops when the host gives none (tests that build a context directly). */
export const columnStops = new ColumnStops();
