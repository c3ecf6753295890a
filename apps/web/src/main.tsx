import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AuthClient, AuthProvider, checkAppAddress, createUserManager, fetchPublicConfig } from "./lib/auth";
import { createApiClient, createQueryClient } from "./lib/trpc";
import { createAppRouter } from "./router";
import { BootError } from "./components/boot-error";
import "./styles.css";

/**
 * Start-up: the sign-in settings come from the server (one build runs against any provider),
 * then auth starts (login return or silent session check) while the router renders.
 */
async function boot(root: HTMLElement) {
  const reactRoot = createRoot(root);
  try {
    const config = await fetchPublicConfig();
    const address = checkAppAddress(config, window.location);
    if (address && "redirectTo" in address) return window.location.replace(address.redirectTo);
    if (address) return reactRoot.render(<BootError message={address.message} />);
    const auth = new AuthClient(createUserManager(config.oidc, window.location.origin), window.location.origin);
    const queryClient = createQueryClient();
    const apiClient = createApiClient(() => auth.getAccessToken());
    const router = createAppRouter({ apiClient, queryClient, auth });
    void auth.start(window.location);
    reactRoot.render(
      <StrictMode>
        <AuthProvider client={auth}>
          <RouterProvider router={router} />
        </AuthProvider>
      </StrictMode>,
    );
  } catch (error) {
    console.error("Parley could not start", error);
    reactRoot.render(<BootError message={error instanceof Error ? error.message : "Parley could not start."} />);
  }
}

const root = document.getElementById("root");
if (root) void boot(root);
