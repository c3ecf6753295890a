import { Link } from "@tanstack/react-router";
import { useEffect, useRef, type MouseEvent } from "react";
import { useAuth } from "../../lib/auth";
import { AuthButtons } from "./auth-buttons";
import { SIGNED_IN_TABS, type NavBadge } from "./nav-items";
import { useBodyScrollLock } from "./use-body-scroll-lock";

export const MOBILE_MENU_ID = "mobile-menu";

const ITEM = "block rounded-xl px-4 py-3 text-base font-medium";
const IDLE = "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800";
const ACTIVE = "bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-white";

/**
 * The small-screen menu: locks the page's scroll while open and closes on any link
 * or button press inside it, and on Escape.
 */
export function MobileMenu({ open, onClose, badge }: { open: boolean; onClose: () => void; badge?: NavBadge }) {
  const { isSignedIn } = useAuth();
  const panel = useRef<HTMLDivElement>(null);
  useBodyScrollLock(open);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  const closeOnActivation = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest("a, button")) onClose();
  };

  return (
    <div
      id={MOBILE_MENU_ID}
      ref={panel}
      hidden={!open}
      onClick={closeOnActivation}
      className="fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto border-t border-zinc-200 bg-white px-4 pt-4 pb-8 md:hidden dark:border-zinc-800 dark:bg-zinc-950"
    >
      <nav aria-label="Mobile">
        <ul className="flex flex-col gap-1">
          <li>
            <Link to="/" className={ITEM} inactiveProps={{ className: IDLE }} activeProps={{ className: ACTIVE }} activeOptions={{ exact: true }}>
              Home
            </Link>
          </li>
          {isSignedIn
            ? SIGNED_IN_TABS.map((tab) => (
                <li key={tab.to}>
                  <Link to={tab.to} className={ITEM} inactiveProps={{ className: IDLE }} activeProps={{ className: ACTIVE }}>
                    {tab.label}
                  </Link>
                </li>
              ))
            : null}
        </ul>
        {isSignedIn && badge ? <div className="mt-4 px-4">{badge("menu")}</div> : null}
        <div className="mt-6 border-t border-zinc-200 pt-6 dark:border-zinc-800">
          <AuthButtons stacked />
        </div>
      </nav>
    </div>
  );
}
