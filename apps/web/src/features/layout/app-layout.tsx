import type { ReactNode } from "react";
import { SignInNotice } from "./sign-in-notice";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The page layout: skip link, header, notices, main content and footer landmarks. */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <SignInNotice />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
