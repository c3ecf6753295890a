/** Which conversation the chat screen shows: one of the caller's own (perhaps a fork to make on open), or one shared with them. */
export type ChatMode =
  | { kind: "own"; sessionId: number; cloneChat: boolean; postId: number | null; startPrompt?: { id: number; compare: boolean; battle?: boolean } | null }
  | { kind: "shared"; sessionId: number; /** `?answer=<key>`: the answer a link to one answer points at. */ answer?: string | null };
