import type { AppRouter } from "@parley/api";
import { createTRPCReact } from "@trpc/react-query";

/** The typed hooks (`trpc.user.settings.useQuery()`...). Only the router's type is imported. */
export const trpc = createTRPCReact<AppRouter>();
