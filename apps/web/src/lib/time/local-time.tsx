import { localTime, parseServerTime } from "./index";

/** A `<time>` in the viewer's local format, e.g. "Nov 22, 2026, 9:37 PM"; "Recently" when unknown. */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const date = parseServerTime(iso);
  if (!date) return <span className={className}>Recently</span>;
  return (
    <time dateTime={date.toISOString()} title={date.toLocaleString()} className={className}>
      {localTime(iso)}
    </time>
  );
}
