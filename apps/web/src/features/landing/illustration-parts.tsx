import type { ReactNode } from "react";

/** A framed panel that reads as an app window in the illustrations. */
export function Panel({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`rounded-2xl border border-zinc-200 bg-white p-5 shadow-xl shadow-zinc-900/5 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/30 ${className}`}
    >
      {children}
    </div>
  );
}

/** A placeholder line of text: illustrations show shapes, not invented content. */
export function TextLine({ width }: { width: string }) {
  return <div className={`h-2.5 rounded-full bg-zinc-200 dark:bg-zinc-700 ${width}`} />;
}

export function Chip({ children, active = false }: { children: ReactNode; active?: boolean }) {
  const look = active ? "bg-brand-600 text-white" : "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300";
  return <span className={`inline-flex rounded-full px-3 py-1 text-xs font-medium ${look}`}>{children}</span>;
}

export function AvatarDot({ tone }: { tone: "brand" | "amber" | "emerald" | "sky" }) {
  const colors = {
    brand: "from-brand-400 to-violet-500",
    amber: "from-amber-300 to-orange-500",
    emerald: "from-emerald-300 to-teal-500",
    sky: "from-sky-300 to-blue-500",
  }[tone];
  return <div className={`size-8 shrink-0 rounded-full bg-gradient-to-br ${colors}`} />;
}
