import { useSyncExternalStore } from "react";
import type * as MarkdownModule from "./markdown";

type Renderer = typeof MarkdownModule;

/** Until the renderer arrives (or when its chunk fails to load): the text as written, line breaks kept. */
function PlainText({ children }: { children: string }) {
  return <div className="markdown whitespace-pre-wrap">{children}</div>;
}

// The markdown renderer (react-markdown and remark-gfm, about 50 kB gzip) starts loading as soon
// as the screen that imports this module is loaded, beside that screen's own queries, instead of
// being part of the screen's chunk: the chat shows its frame, list and composer without waiting
// for it, and a message on screen before it arrives shows as plain text until then (the same way
// code blocks wait for the highlighter, see markdown.tsx).
let renderer: Renderer | null = null;
const listeners = new Set<() => void>();
void import("./markdown").then(
  (loaded) => {
    renderer = loaded;
    for (const listener of listeners) listener();
  },
  // Without the renderer (a failed chunk load), messages stay plain text.
  () => undefined,
);
const currentRenderer = () => renderer;
function onRenderer(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `Markdown` for screens that must not wait for the renderer (the chat and its comparisons). */
export function DeferredMarkdown({ children }: { children: string }) {
  const loaded = useSyncExternalStore(onRenderer, currentRenderer, currentRenderer);
  return loaded ? <loaded.Markdown>{children}</loaded.Markdown> : <PlainText>{children}</PlainText>;
}
