import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { errorCodeOf, trpc } from "../../lib/trpc";

/** Routes where the check must not pull the visitor away. */
const EXEMPT_PATHS = new Set(["/newUser", "/callback"]);

/**
 * Sends a signed-in person without an account to /newUser (one-time setup after
 * the first sign-in). The signal is `user.settings` answering NOT_FOUND: it covers every way in
 * (popup, redirect, a deep link, a setup that failed before) with one cached query.
 */
export function AccountSetupCheck() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const settings = trpc.user.settings.useQuery(undefined, { retry: false });
  const needsSetup = errorCodeOf(settings.error) === "NOT_FOUND";

  useEffect(() => {
    if (needsSetup && !EXEMPT_PATHS.has(pathname)) void navigate({ to: "/newUser", replace: true });
  }, [needsSetup, pathname, navigate]);
  return null;
}
