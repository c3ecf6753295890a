import { useSyncExternalStore } from "react";

export type StreamingState = { active: boolean; text: string; question: string; entryId: number | null; startedAt: string };

const IDLE: StreamingState = { active: false, text: "", question: "", entryId: null, startedAt: "" };

/** Runs `callback` before the next paint (or soon, where frames are not drawn). */
const nextFrame = (callback: () => void) =>
  typeof requestAnimationFrame === "function" ? requestAnimationFrame(callback) : setTimeout(callback, 16);

/**
 * The reply being written, outside React state: only the component that shows it subscribes, so
 * a token re-renders that one message, not the conversation. Tokens that arrive within one frame
 * are shown together: a model can send them faster than a screen can draw.
 */
export function createStreamingStore() {
  let state = IDLE;
  let pending = "";
  let scheduled = false;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const flush = () => {
    scheduled = false;
    if (!pending || !state.active) return;
    state = { ...state, text: state.text + pending };
    pending = "";
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
    start(question: string) {
      pending = "";
      state = { active: true, text: "", question, entryId: null, startedAt: new Date().toISOString() };
      emit();
    },
    entry(entryId: number) {
      state = { ...state, entryId };
      emit();
    },
    append(text: string) {
      pending += text;
      if (scheduled) return;
      scheduled = true;
      nextFrame(flush);
    },
    stop() {
      pending = "";
      state = IDLE;
      emit();
    },
  };
}

export type StreamingStore = ReturnType<typeof createStreamingStore>;

/** The reply being written; re-renders its caller only when it changes. */
export function useStreaming(store: StreamingStore): StreamingState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
