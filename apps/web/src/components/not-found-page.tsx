import { Link } from "@tanstack/react-router";
import { buttonClass } from "./button-styles";

/** The Not Found page for any path the app does not know. */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center" aria-labelledby="not-found-title">
      <p className="text-sm font-semibold tracking-widest text-brand-600 uppercase dark:text-brand-400">404 · Not Found</p>
      <h1 id="not-found-title" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-300">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClass("primary", "md", "mt-8")}>
        Back to home
      </Link>
    </section>
  );
}
