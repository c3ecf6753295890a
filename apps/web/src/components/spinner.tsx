/** A spinning ring; decorative, so pair it with text for screen readers. */
export function Spinner({ size = "md" }: { size?: "sm" | "md" | "lg" }) {
  const dimensions = { sm: "size-4 border-2", md: "size-8 border-[3px]", lg: "size-10 border-[3px]" }[size];
  return <span className={`${dimensions} inline-block animate-spin rounded-full border-brand-500/25 border-t-brand-500`} aria-hidden="true" />;
}
