import { createFileRoute, Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { FullPageLoader } from "../components/full-page-loader";
import { useAuth } from "../lib/auth";

/**
 * The guard of every signed-in route. Before any loader asks the API for private
 * data it waits for auth; an anonymous visitor is sent to sign in and comes back to the same
 * path and query afterwards. The navigation stays pending while the browser leaves.
 */
export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context, location, preload }) => {
    const state = await context.auth.whenSettled();
    if (state.status === "error" || state.user) return;
    // Hovering a link must never start a sign-in; a failed preload is simply dropped.
    if (preload) throw new Error("Sign in to open this page.");
    void context.auth.signInRedirect({ returnTo: location.href });
    await new Promise<never>(() => {});
  },
  component: SignedInOnly,
});

/** Keeps guarding after the page has loaded, e.g. when another tab signs out. */
function SignedInOnly() {
  const auth = useAuth();
  const href = useRouterState({ select: (state) => state.location.href });
  const anonymous = auth.status === "ready" && !auth.isSignedIn;
  useEffect(() => {
    if (anonymous) void auth.client.signInRedirect({ returnTo: href });
  }, [anonymous, auth.client, href]);
  return anonymous ? <FullPageLoader message="Taking you to sign in…" /> : <Outlet />;
}
