/**
 * Parley's mark in its two variants (the logo follows the theme). Both are in the page;
 * CSS shows the one that matches the `dark` class, so the switch needs no JavaScript.
 */
export function Logo({ withWordmark = true }: { withWordmark?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2.5">
      <LogoMark variant="light" className="size-8 dark:hidden" />
      <LogoMark variant="dark" className="hidden size-8 dark:block" />
      {withWordmark ? <span className="text-lg font-bold tracking-tight text-zinc-900 dark:text-white">Parley</span> : null}
    </span>
  );
}

const VARIANTS = {
  light: { from: "#4f46e5", to: "#9333ea", front: "#ffffff", back: "#ffffff", backOpacity: 0.65 },
  dark: { from: "#818cf8", to: "#c084fc", front: "#09090b", back: "#09090b", backOpacity: 0.55 },
} as const;

function LogoMark({ variant, className }: { variant: keyof typeof VARIANTS; className: string }) {
  const colors = VARIANTS[variant];
  const gradientId = `parley-logo-${variant}`;
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false" data-logo-variant={variant}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={colors.from} />
          <stop offset="1" stopColor={colors.to} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M7.5 10.8A3.8 3.8 0 0 1 11.3 7h7.4a3.8 3.8 0 0 1 3.8 3.8v3.9a3.8 3.8 0 0 1-3.8 3.8h-4.4l-3.8 3.2v-3.3a3.8 3.8 0 0 1-3-3.7z"
        fill={colors.front}
      />
      <path
        d="M24.6 13.4v4.5a3.6 3.6 0 0 1-2 3.2V25l-3.7-3.1h-3.4a3.5 3.5 0 0 1-2.7-1.3"
        fill="none"
        stroke={colors.back}
        strokeOpacity={colors.backOpacity}
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
