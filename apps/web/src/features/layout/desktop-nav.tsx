import { Link } from "@tanstack/react-router";
import { SIGNED_IN_TABS } from "./nav-items";

const TAB = "rounded-full px-3 py-2 text-sm font-medium transition-colors lg:px-4";
const IDLE = "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white";
const ACTIVE = "bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-white";

/** Discover, Chat and Admin tabs for wide screens. */
export function DesktopNav() {
  return (
    <ul className="hidden items-center gap-1 md:flex">
      {SIGNED_IN_TABS.map((tab) => (
        <li key={tab.to}>
          <Link to={tab.to} className={TAB} inactiveProps={{ className: IDLE }} activeProps={{ className: ACTIVE }}>
            {tab.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
