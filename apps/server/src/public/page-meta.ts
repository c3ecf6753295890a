/** Text made safe inside HTML text and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export type PageMeta = { title: string; description: string; url: string | null; image: string | null; noindex: boolean };

/**
 * index.html with the page's title, description, Open Graph and Twitter tags (all values
 * escaped), and a robots noindex tag when the page is not to be indexed.
 */
export function injectMeta(html: string, meta: PageMeta): string {
  const tag = (attr: "name" | "property", key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    tag("property", "og:site_name", "Parley"),
    tag("property", "og:type", "article"),
    tag("property", "og:title", meta.title),
    tag("property", "og:description", meta.description),
    meta.url ? tag("property", "og:url", meta.url) : "",
    meta.image ? tag("property", "og:image", meta.image) : "",
    meta.image ? tag("property", "og:image:width", "1200") : "",
    meta.image ? tag("property", "og:image:height", "630") : "",
    tag("name", "twitter:card", meta.image ? "summary_large_image" : "summary"),
    tag("name", "twitter:title", meta.title),
    tag("name", "twitter:description", meta.description),
    meta.image ? tag("name", "twitter:image", meta.image) : "",
    meta.noindex ? tag("name", "robots", "noindex") : "",
  ].filter(Boolean);
  const withTitle = html
    // Replacement functions, so a `$` in user text is never read as a replacement pattern.
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => tag("name", "description", meta.description));
  return withTitle.replace("</head>", () => `    ${tags.join("\n    ")}\n  </head>`);
}
