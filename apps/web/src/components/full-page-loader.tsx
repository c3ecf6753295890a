import type { ReactNode } from "react";
import { Spinner } from "./spinner";

/** Fills the page while authentication loads or the browser leaves for the provider. */
export function FullPageLoader({ message = "Loading…", notice, action }: { message?: string; notice?: string | null; action?: ReactNode }) {
  return (
    <div className="fixed inset-0 flex flex-col items-center justify-center gap-4 bg-white px-6 text-center dark:bg-zinc-950" role="status" aria-live="polite">
      <Spinner size="lg" />
      <p className="text-sm font-medium text-zinc-600 dark:text-zinc-300">{message}</p>
      {action}
      {notice ? (
        <p className="max-w-sm rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {notice}
        </p>
      ) : null}
    </div>
  );
}
