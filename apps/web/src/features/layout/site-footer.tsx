import { Link } from "@tanstack/react-router";
import { Logo } from "../../components/logo";

/** The page footer: what Parley is, and the public API demo. */
export function SiteFooter() {
  return (
    <footer className="border-t border-zinc-200 dark:border-zinc-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-2">
          <Logo />
          <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">Chat with the AI models you choose, share what you learn, and see how others ask.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-600 dark:text-zinc-400">
            <li>
              <Link to="/" className="hover:text-zinc-900 dark:hover:text-white">
                Home
              </Link>
            </li>
            <li>
              <Link to="/public" className="hover:text-zinc-900 dark:hover:text-white">
                Public API demo
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
