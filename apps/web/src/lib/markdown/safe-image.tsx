import { useState, type ComponentPropsWithoutRef, type MouseEvent } from "react";
import type { ExtraProps } from "react-markdown";
import { thirdPartyImageHost } from "./image-source";

/**
 * An image from untrusted markdown. One from another site shows as 'Load image from <host>'
 * and is fetched only after that click, and never with a referrer, so opening a message or post
 * tells nobody else the reader's address or which page they read. An image whose URL was
 * refused (empty) shows its alt text.
 */
export function SafeImage({ src, alt, title, node: _node }: ComponentPropsWithoutRef<"img"> & ExtraProps) {
  const [loaded, setLoaded] = useState(false);
  if (typeof src !== "string" || !src) return alt ? <span>{alt}</span> : null;
  const host = thirdPartyImageHost(src, window.location.origin);
  if (host && !loaded) {
    const load = (event: MouseEvent) => {
      // The image may sit inside a link: this click only loads it.
      event.preventDefault();
      event.stopPropagation();
      setLoaded(true);
    };
    return (
      <button type="button" onClick={load} title={alt || undefined} className="markdown-image-gate">
        Load image from {host}
      </button>
    );
  }
  return <img src={src} alt={alt ?? ""} title={title} referrerPolicy="no-referrer" loading="lazy" className="markdown-image" />;
}
