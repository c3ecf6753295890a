import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { FullPageLoader } from "../components/full-page-loader";
import { useAuth } from "../lib/auth";

/**
 * The login return. The auth client processed the address at start-up
 * (code/state or error/state); errors show on the Error page. Here the visitor is sent on to
 * the path and query they asked for.
 */
export const Route = createFileRoute("/callback")({
  component: CallbackPage,
});

function CallbackPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const done = auth.status === "ready";
  useEffect(() => {
    if (done) void navigate({ href: auth.client.returnToAfterSignIn, replace: true });
  }, [done, auth.client, navigate]);
  return <FullPageLoader message="Signing you in…" />;
}
