import { memo } from "react";
import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";
import { SafeLink } from "./safe-link";
import "./markdown.css";

const REMARK_PLUGINS = [remarkGfm];
// Only blocks that name their language are highlighted: guessing runs every grammar on every
// render, which a reply being streamed would pay per token.
const REHYPE_PLUGINS = [rehypeHighlight];
const COMPONENTS: Components = { a: SafeLink, pre: CodeBlock };

/**
 * Markdown from people and models, rendered as untrusted (spec §5). There is no rehype-raw, so
 * react-markdown turns raw HTML into plain text; `defaultUrlTransform` keeps only http, https,
 * irc, ircs, mailto, xmpp and relative URLs (others become empty); highlight.js needs no `eval`.
 */
export const Markdown = memo(function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={REMARK_PLUGINS} rehypePlugins={REHYPE_PLUGINS} urlTransform={defaultUrlTransform} components={COMPONENTS}>
        {children}
      </ReactMarkdown>
    </div>
  );
});
