import { CloseIcon } from "../../components/icons";
import { useAuth } from "../../lib/auth";

/** The last sign-in attempt's notice (popup closed, timed out), until dismissed. */
export function SignInNotice() {
  const { notice, client } = useAuth();
  if (!notice) return null;
  return (
    <div className="border-b border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100" role="status">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2.5 text-sm sm:px-6">
        <p>{notice}</p>
        <button
          type="button"
          onClick={() => client.dismissNotice()}
          aria-label="Dismiss notice"
          className="rounded-full p-1 hover:bg-amber-100 dark:hover:bg-amber-900"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
