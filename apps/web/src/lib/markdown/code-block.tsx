import { useRef, useState, type ComponentPropsWithoutRef } from "react";
import type { ExtraProps } from "react-markdown";

/** The language a fenced block names (```ts), from the class highlight.js reads. */
function languageOf(node: ExtraProps["node"]): string {
  const code = node?.children[0];
  if (!code || code.type !== "element") return "";
  const classes = code.properties.className;
  const names = Array.isArray(classes) ? classes.map(String) : [];
  return names.find((name) => name.startsWith("language-"))?.slice("language-".length) ?? "";
}

/** A code block with its language and a copy button, as chat apps show them. */
export function CodeBlock({ children, node, ...rest }: ComponentPropsWithoutRef<"pre"> & ExtraProps) {
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    const text = pre.current?.textContent ?? "";
    const result = await navigator.clipboard?.writeText(text).then(
      () => "copied" as const,
      () => "failed" as const,
    );
    setCopied(result ?? "failed");
    window.setTimeout(() => setCopied("idle"), 1500);
  };
  const language = languageOf(node);
  return (
    <div className="code-block">
      <div className="code-block__bar">
        <span>{language || "code"}</span>
        <button type="button" onClick={() => void copy()} className="code-block__copy" aria-live="polite">
          {copied === "copied" ? "Copied" : copied === "failed" ? "Copy failed" : "Copy code"}
        </button>
      </div>
      <pre ref={pre} {...rest}>
        {children}
      </pre>
    </div>
  );
}
