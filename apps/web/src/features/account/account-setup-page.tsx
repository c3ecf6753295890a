import { buttonClass } from "../../components/button-styles";
import { Spinner } from "../../components/spinner";
import { messageOf } from "../../lib/trpc";

/** 'Setting up your account' while setup runs; the error, with a retry, if it fails. */
export function AccountSetupPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-24 text-center" aria-labelledby="setup-title">
      {error ? null : <Spinner size="lg" />}
      <h1 id="setup-title" className="mt-6 text-2xl font-bold tracking-tight">
        Setting up your account
      </h1>
      {error ? (
        <>
          <p className="mt-3 text-red-700 dark:text-red-300" role="alert">
            We could not finish setting up your account: {messageOf(error)}
          </p>
          <button type="button" onClick={onRetry} className={buttonClass("primary", "md", "mt-6")}>
            Try again
          </button>
        </>
      ) : (
        <p className="mt-3 text-zinc-600 dark:text-zinc-300" role="status">
          Please wait while we prepare everything for you...
        </p>
      )}
    </section>
  );
}
