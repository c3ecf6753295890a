import type { ComponentPropsWithoutRef } from "react";
import type { ExtraProps } from "react-markdown";

/**
 * A link from untrusted markdown: a new tab that cannot reach back to this page, passes no
 * referrer and earns no ranking. A link whose URL was refused (empty) is plain text.
 */
export function SafeLink({ href, children, node: _node, ...rest }: ComponentPropsWithoutRef<"a"> & ExtraProps) {
  if (!href) return <span>{children}</span>;
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}
