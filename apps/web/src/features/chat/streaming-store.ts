import { useSyncExternalStore } from "react";
import type { StreamingColumn } from "./column-events";

/** A column being written: a chat's reply, a comparison's model (named by its id), a battle's answer (by its label). */
export type LiveColumn = StreamingColumn & { name: string };

/** The turn being written: the message sent, the conversation it went to (0 until stored) and each column so far. */
export type LiveTurn = { sessionId: number; message: string; columns: LiveColumn[] };

export type StreamingState = LiveTurn & { active: boolean; entryId: number | null; startedAt: string };

const IDLE: StreamingState = { active: false, sessionId: 0, message: "", columns: [], entryId: null, startedAt: "" };

type Change = { column: number; change: (current: StreamingColumn) => Partial<StreamingColumn> };

/** Runs `callback` before the next paint (or soon, where frames are not drawn). */
const nextFrame = (callback: () => void) => (typeof requestAnimationFrame === "function" ? requestAnimationFrame(callback) : setTimeout(callback, 16));

const columnsNamed = (names: string[]): LiveColumn[] => names.map((name) => ({ name, text: "", status: "streaming" }));

/**
 * The turn being written, outside React state: only the components that show it subscribe, so
 * a token re-renders what shows it, not the conversation. Changes that arrive within one frame
 * are shown together: a model can send tokens faster than a screen can draw.
 */
export function createStreamingStore() {
  let state = IDLE;
  let pending: Change[] = [];
  let scheduled = false;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const apply = () => {
    let columns = state.columns;
    for (const { column, change } of pending) columns = columns.map((current, i) => (i === column ? { ...current, ...change(current) } : current));
    pending = [];
    return columns;
  };
  const flush = () => {
    scheduled = false;
    if (pending.length === 0 || !state.active) return;
    state = { ...state, columns: apply() };
    emit();
  };
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** A message goes out to columns named `names`, in the conversation `sessionId` (0: a new one). */
    start(message: string, names: string[], sessionId: number) {
      pending = [];
      state = { active: true, sessionId, message, columns: columnsNamed(names), entryId: null, startedAt: new Date().toISOString() };
      emit();
    },
    /** The server stored it: its conversation, its first column's exchange, and the columns' names when it says them. */
    stored(sessionId: number, entryId: number | null, names?: string[]) {
      state = { ...state, sessionId, entryId, columns: names ? columnsNamed(names) : state.columns };
      emit();
    },
    change(update: Change) {
      pending.push(update);
      if (scheduled) return;
      scheduled = true;
      nextFrame(flush);
    },
    /** The turn ended: answers its columns as they ended. */
    stop(): LiveColumn[] {
      const columns = apply();
      state = IDLE;
      emit();
      return columns;
    },
  };
}

export type StreamingStore = ReturnType<typeof createStreamingStore>;

/** The turn being written; re-renders its caller only when it changes. */
export function useStreaming(store: StreamingStore): StreamingState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The turn being written, or null when none is. */
export function useLiveTurn(store: StreamingStore): LiveTurn | null {
  const state = useStreaming(store);
  return state.active ? state : null;
}
