import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { createTRPCQueryUtils } from "@trpc/react-query";
import type { AppRouter } from "@parley/api";
import type { AuthClient } from "./lib/auth";
import { trpc, type ApiClient } from "./lib/trpc";
import { FullPageLoader } from "./components/full-page-loader";
import { NotFoundPage } from "./components/not-found-page";
import { RouteErrorPage } from "./components/route-error-page";
import { routeTree } from "./routeTree.gen";

/** What every route's loader and beforeLoad receive (STYLE.md: `{ trpc, queryClient }`, plus auth for the guard). */
export type RouterContext = {
  trpc: ReturnType<typeof createTRPCQueryUtils<AppRouter>>;
  queryClient: QueryClient;
  auth: AuthClient;
};

/** The app's router: file routes, data through tRPC + TanStack Query, one Not Found and Error page. */
export function createAppRouter({ apiClient, queryClient, auth }: { apiClient: ApiClient; queryClient: QueryClient; auth: AuthClient }) {
  const trpcUtils = createTRPCQueryUtils({ queryClient, client: apiClient });
  return createRouter({
    routeTree,
    context: { trpc: trpcUtils, queryClient, auth },
    defaultPreload: "intent",
    // Loaders read the query cache; TanStack Query decides freshness.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    defaultPendingComponent: () => <FullPageLoader />,
    Wrap: ({ children }) => (
      <trpc.Provider client={apiClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    ),
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  /** What a route says of itself: `fillViewport` pages (the chat screen) fill the viewport, with no site footer under them. */
  interface StaticDataRouteOption {
    fillViewport?: boolean;
  }
}
