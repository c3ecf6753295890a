import { Link } from "@tanstack/react-router";
import { COMPARE_TEXTS } from "./texts";

const TAB = "flex-1 rounded-full px-4 py-2 text-center text-sm font-medium whitespace-nowrap transition-colors";
const ACTIVE = `${TAB} bg-white text-zinc-950 shadow-sm dark:bg-zinc-800 dark:text-white`;
const IDLE = `${TAB} text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white`;

/** Discover's views: the posts, the prompts and the model leaderboard (links, so each has its address). */
export function DiscoverTabs({ current }: { current: "posts" | "prompts" | "leaderboard" }) {
  return (
    <nav aria-label="Discover" className="flex gap-1 rounded-full bg-zinc-100 p-1 dark:bg-zinc-900">
      <Link to="/discover" aria-current={current === "posts" ? "page" : undefined} className={current === "posts" ? ACTIVE : IDLE}>
        {COMPARE_TEXTS.postsTab}
      </Link>
      <Link to="/discover/prompts" aria-current={current === "prompts" ? "page" : undefined} className={current === "prompts" ? ACTIVE : IDLE}>
        {COMPARE_TEXTS.promptsTab}
      </Link>
      <Link to="/discover/leaderboard" aria-current={current === "leaderboard" ? "page" : undefined} className={current === "leaderboard" ? ACTIVE : IDLE}>
        {COMPARE_TEXTS.leaderboardTab}
      </Link>
    </nav>
  );
}
