import { createRootRouteWithContext, Outlet, useMatches, useNavigate } from "@tanstack/react-router";
import { buttonClass } from "../components/button-styles";
import { ErrorPage } from "../components/error-page";
import { FullPageLoader } from "../components/full-page-loader";
import { AccountSetupCheck } from "../features/account/account-setup-check";
import { AppLayout } from "../features/layout/app-layout";
import { SubscribeBadge } from "../features/subscription/subscribe-badge";
import { AUTH_ACTIVITY, useAuth } from "../lib/auth";
import type { RouterContext } from "../router";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
});

/** The Subscribe badge in the navigation bar and in the small-screen menu. */
const subscribeBadge = (placement: "nav" | "menu") => <SubscribeBadge placement={placement} />;

/** Auth decides what fills the page: a loader, the Error page, or the app. */
function RootComponent() {
  const auth = useAuth();
  const navigate = useNavigate();
  const fill = useMatches({ select: (matches) => matches.some((match) => match.staticData.fillViewport === true) });
  if (auth.status === "loading" || auth.status === "redirecting") {
    const cancel =
      auth.activity === AUTH_ACTIVITY.popup ? (
        <button type="button" onClick={() => auth.client.cancelSignIn()} className={buttonClass("secondary", "sm")}>
          Cancel
        </button>
      ) : null;
    return <FullPageLoader message={auth.activity} notice={auth.notice} action={cancel} />;
  }
  if (auth.status === "error") {
    const leave = () => {
      auth.client.clearError();
      void navigate({ to: "/", replace: true });
    };
    return (
      <AppLayout badge={subscribeBadge}>
        <ErrorPage
          message={auth.error?.message ?? "Login failed"}
          actions={
            <button type="button" onClick={leave} className={buttonClass("primary")}>
              Back to home
            </button>
          }
        />
      </AppLayout>
    );
  }
  return (
    <AppLayout badge={subscribeBadge} fill={fill}>
      {auth.isSignedIn ? <AccountSetupCheck /> : null}
      <Outlet />
    </AppLayout>
  );
}
