import { memo, useState, type ComponentPropsWithoutRef } from "react";
import ReactMarkdown, { defaultUrlTransform } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import remarkGfm from "remark-gfm";
import "./markdown.css";

/**
 * Markdown from people and models, rendered as untrusted (spec §5): raw HTML is not interpreted
 * (it shows as text), links keep only http, https, irc, ircs, mailto, xmpp or relative URLs
 * (`defaultUrlTransform` empties the rest), and code is highlighted by highlight.js, which
 * needs no `eval`.
 */
export const Markdown = memo(function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[[rehypeHighlight, { detect: true, ignoreMissing: true }]]}
        skipHtml={false}
        urlTransform={defaultUrlTransform}
        components={{ a: SafeLink, pre: CodeBlock }}
      >
        {escapeRawHtml(children)}
      </ReactMarkdown>
    </div>
  );
});

/**
 * Raw HTML shows as the text that was typed: outside code, `<` becomes an entity, so no tag can
 * form (`>` stays, it starts quotes).
 */
function escapeRawHtml(text: string): string {
  return text
    .split(/(```[\s\S]*?```|`[^`\n]*`)/g)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/</g, "&lt;")))
    .join("");
}

function SafeLink({ href, children, ...rest }: ComponentPropsWithoutRef<"a">) {
  if (!href) return <span>{children}</span>;
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function CodeBlock({ children, ...rest }: ComponentPropsWithoutRef<"pre">) {
  const [copied, setCopied] = useState(false);
  const copy = async (event: React.MouseEvent<HTMLButtonElement>) => {
    const code = event.currentTarget.parentElement?.querySelector("code")?.textContent ?? "";
    await navigator.clipboard?.writeText(code).then(() => setCopied(true), () => setCopied(false));
    window.setTimeout(() => setCopied(false), 1500);
  };
  return (
    <div className="group relative">
      <pre {...rest}>{children}</pre>
      <button
        type="button"
        onClick={copy}
        className="absolute right-2 top-2 rounded-md bg-zinc-700/80 px-2 py-1 text-xs text-white opacity-0 transition group-hover:opacity-100 focus:opacity-100"
      >
        {copied ? "Copied" : "Copy code"}
      </button>
    </div>
  );
}
