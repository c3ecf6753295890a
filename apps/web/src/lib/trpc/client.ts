import { httpBatchLink } from "@trpc/client";
import { trpc } from "./react";

export const TRPC_PATH = "/trpc";

/**
 * The tRPC client: batched HTTP to /trpc, with `Authorization: Bearer <access token>` when
 * someone is signed in (spec §6: every product call but the public message carries it).
 */
export function createApiClient(getAccessToken: () => Promise<string | null>) {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: TRPC_PATH,
        async headers() {
          const token = await getAccessToken();
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      }),
    ],
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
