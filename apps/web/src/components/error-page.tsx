import type { ReactNode } from "react";

/** The Error page: the word 'Error', the message, and a way on. */
export function ErrorPage({ message, actions }: { message: string; actions?: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center" aria-labelledby="error-title">
      <span
        className="mb-6 inline-flex size-14 items-center justify-center rounded-2xl bg-red-100 text-2xl text-red-700 dark:bg-red-950 dark:text-red-300"
        aria-hidden="true"
      >
        !
      </span>
      <h1 id="error-title" className="text-3xl font-bold tracking-tight">
        Error
      </h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-300" role="alert">
        {message}
      </p>
      {actions ? <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </section>
  );
}
