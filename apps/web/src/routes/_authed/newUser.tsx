import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { AccountSetupPage } from "../../features/account/account-setup-page";
import { useAccountSetup } from "../../features/account/use-account-setup";

/** One-time account setup after the first sign-in, then the chat. */
export const Route = createFileRoute("/_authed/newUser")({
  component: NewUserPage,
});

function NewUserPage() {
  const navigate = useNavigate();
  const goToChat = useCallback(() => void navigate({ to: "/chat", replace: true }), [navigate]);
  const setup = useAccountSetup(goToChat);
  return <AccountSetupPage error={setup.error} onRetry={() => void setup.retry()} />;
}
