import { buttonClass } from "./button-styles";
import { ErrorPage } from "./error-page";

/** Shown when the app cannot even start (the server did not answer with its settings). */
export function BootError({ message }: { message: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <ErrorPage
        message={message}
        actions={
          <button type="button" onClick={() => window.location.reload()} className={buttonClass("primary")}>
            Reload
          </button>
        }
      />
    </main>
  );
}
