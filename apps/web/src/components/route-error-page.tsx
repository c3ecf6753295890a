import { Link, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { buttonClass } from "./button-styles";
import { ErrorPage } from "./error-page";

/** A route that failed to load or render: the Error page with a retry. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <ErrorPage
      message={error instanceof Error && error.message ? error.message : "Something went wrong."}
      actions={
        <>
          <button type="button" onClick={retry} className={buttonClass("primary")}>
            Try again
          </button>
          <Link to="/" className={buttonClass("secondary")}>
            Back to home
          </Link>
        </>
      }
    />
  );
}
