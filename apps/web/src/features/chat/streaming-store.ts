import { useSyncExternalStore } from "react";

export type StreamingState = { active: boolean; text: string; question: string; entryId: number | null };

const IDLE: StreamingState = { active: false, text: "", question: "", entryId: null };

/**
 * The reply being written, outside React state: only the component that shows it subscribes, so
 * a token re-renders that one message, not the conversation.
 */
export function createStreamingStore() {
  let state = IDLE;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(question: string) {
      state = { active: true, text: "", question, entryId: null };
      emit();
    },
    entry(entryId: number) {
      state = { ...state, entryId };
      emit();
    },
    append(text: string) {
      state = { ...state, text: state.text + text };
      emit();
    },
    stop() {
      state = IDLE;
      emit();
    },
  };
}

export type StreamingStore = ReturnType<typeof createStreamingStore>;

export function useStreaming(store: StreamingStore): StreamingState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
