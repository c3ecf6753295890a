import type { ReactNode } from "react";
import type { NavBadge } from "./nav-items";
import { SignInNotice } from "./sign-in-notice";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * The page layout: skip link, header (with the badge the page passes), notices, main content and footer landmarks.
 * With `fill` (the chat screen) the content fills the viewport below the header and notices, with no footer under it.
 */
export function AppLayout({ children, badge, fill = false }: { children: ReactNode; badge?: NavBadge; fill?: boolean }) {
  return (
    <div className={fill ? "flex h-dvh flex-col" : "flex min-h-dvh flex-col"}>
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader badge={badge} />
      <SignInNotice />
      <main id="main" tabIndex={-1} className={`flex flex-1 flex-col outline-none ${fill ? "min-h-0" : ""}`}>
        {children}
      </main>
      {fill ? null : <SiteFooter />}
    </div>
  );
}
