/**
 * A text cut into plain runs and findings, for showing them highlighted in place. Its own module
 * (`@parley/privacy/segments`), so the web app takes it without the rules and their metadata.
 */
export function segmentsOf(text: string, spans: readonly { id: string; start: number; end: number }[]): { text: string; findingId: string | null }[] {
  const segments: { text: string; findingId: string | null }[] = [];
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.start > at) segments.push({ text: text.slice(at, span.start), findingId: null });
    segments.push({ text: text.slice(span.start, span.end), findingId: span.id });
    at = span.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), findingId: null });
  return segments;
}
