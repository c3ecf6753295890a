import { Link, useRouterState } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { CloseIcon, MenuIcon } from "../../components/icons";
import { Logo } from "../../components/logo";
import { useAuth } from "../../lib/auth";
import { AuthButtons } from "./auth-buttons";
import { DesktopNav } from "./desktop-nav";
import { MOBILE_MENU_ID, MobileMenu } from "./mobile-menu";
import type { NavBadge } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";

/** The navigation bar: logo, tabs and badge when signed in, theme toggle, auth buttons, mobile menu. */
export function SiteHeader({ badge }: { badge?: NavBadge }) {
  const { isSignedIn } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // A navigation (back button included) closes the menu too.
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  // The menu is a sibling of <header>: the header's backdrop blur would otherwise become the
  // containing block of the fixed-position menu and clip it to the header's height.
  return (
    <>
      <header className="sticky top-0 z-50 border-b border-zinc-200/80 bg-white/85 backdrop-blur-md dark:border-zinc-800/80 dark:bg-zinc-950/85">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Link to="/" aria-label="Parley home" className="-m-1 rounded-lg p-1">
            <Logo />
          </Link>
          <nav aria-label="Main" className="flex flex-1 items-center justify-between gap-2">
            {isSignedIn ? <DesktopNav /> : null}
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              {isSignedIn ? badge?.("nav") : null}
              <ThemeToggle />
              <div className="hidden md:block">
                <AuthButtons />
              </div>
              <button
                type="button"
                className="inline-flex size-10 items-center justify-center rounded-full text-zinc-700 hover:bg-zinc-100 md:hidden dark:text-zinc-200 dark:hover:bg-zinc-800"
                aria-label={menuOpen ? "Close menu" : "Open menu"}
                aria-expanded={menuOpen}
                aria-controls={MOBILE_MENU_ID}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? <CloseIcon /> : <MenuIcon />}
              </button>
            </div>
          </nav>
        </div>
      </header>
      <MobileMenu open={menuOpen} onClose={closeMenu} badge={badge} />
    </>
  );
}
