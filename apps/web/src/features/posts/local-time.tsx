/** A moment in the viewer's local format (spec §9), e.g. "Nov 22, 2026, 9:37 PM"; "Recently" when unknown. */
export function formatLocalTime(iso: string): string {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return "Recently";
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A `<time>` element showing {@link formatLocalTime}, with the full date and time on hover. */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const label = formatLocalTime(iso);
  if (label === "Recently") return <span className={className}>{label}</span>;
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()} className={className}>
      {label}
    </time>
  );
}
