import { useRouterState } from "@tanstack/react-router";
import { useAuthClient } from "../../lib/auth";

/** Sign Up / Log In / Log Out, returning to the page the visitor is on. */
export function useAuthActions() {
  const client = useAuthClient();
  const href = useRouterState({ select: (state) => state.location.href });
  return {
    signUp: () => void client.signIn({ returnTo: href, signUp: true }),
    logIn: () => void client.signIn({ returnTo: href }),
    logOut: () => void client.signOut(),
  };
}
