/** Says plainly that a screen is not built yet, instead of showing made-up content. */
export function UpcomingNotice({ children }: { children: string }) {
  return (
    <p className="mt-10 rounded-2xl border border-dashed border-zinc-300 px-6 py-10 text-center text-zinc-600 dark:border-zinc-700 dark:text-zinc-300">{children}</p>
  );
}
