import { memo, useSyncExternalStore } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components, type Options } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";
import { SafeImage } from "./safe-image";
import { SafeLink } from "./safe-link";
import "./markdown.css";

const REMARK_PLUGINS = [remarkGfm];
const COMPONENTS: Components = { a: SafeLink, img: SafeImage, pre: CodeBlock };

// The highlighter (highlight.js and its common grammars, most of this module's weight) loads on
// its own after the page: messages show at once as plain code blocks and are highlighted when it
// arrives. Only blocks that name their language are highlighted: guessing runs every grammar on
// every render, which a reply being streamed would pay per token.
let loadedPlugins: NonNullable<Options["rehypePlugins"]> = [];
const listeners = new Set<() => void>();
void import("rehype-highlight").then(
  ({ default: rehypeHighlight }) => {
    loadedPlugins = [rehypeHighlight];
    for (const listener of listeners) listener();
  },
  // Without the highlighter (a failed chunk load), code stays plain.
  () => undefined,
);
const highlighter = () => loadedPlugins;
function onHighlighter(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Markdown from people and models, rendered as untrusted. There is no rehype-raw, so
 * react-markdown turns raw HTML into plain text; `defaultUrlTransform` keeps only http, https,
 * irc, ircs, mailto, xmpp and relative URLs (others become empty); images from other sites load
 * only on request and without a referrer; highlight.js needs no `eval`.
 */
export const Markdown = memo(function Markdown({ children }: { children: string }) {
  const rehypePlugins = useSyncExternalStore(onHighlighter, highlighter, highlighter);
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={rehypePlugins} urlTransform={defaultUrlTransform} components={COMPONENTS}>
        {children}
      </ReactMarkdown>
    </div>
  );
});
