import type { ReactNode } from "react";

/** Small stroke icons (24px grid, currentColor). Decorative: the control around them carries the label. */
export type IconProps = { className?: string };

export function Icon({ className = "size-5", filled = false, children }: IconProps & { filled?: boolean; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
