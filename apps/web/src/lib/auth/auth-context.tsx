import { createContext, use, useSyncExternalStore, type ReactNode } from "react";
import type { AuthClient } from "./auth-client";

const AuthContext = createContext<AuthClient | null>(null);

/** Makes the one AuthClient of the page available to components. */
export function AuthProvider({ client, children }: { client: AuthClient; children: ReactNode }) {
  return <AuthContext value={client}>{children}</AuthContext>;
}

/** The AuthClient itself, for actions (sign in, sign out). */
export function useAuthClient(): AuthClient {
  const client = use(AuthContext);
  if (!client) throw new Error("useAuthClient needs an <AuthProvider> above it.");
  return client;
}

/** The current auth state; re-renders on every change. */
export function useAuth() {
  const client = useAuthClient();
  const state = useSyncExternalStore(client.subscribe, client.getSnapshot);
  return { ...state, isSignedIn: state.user !== null, client };
}
