import { httpBatchLink, httpBatchStreamLink, splitLink } from "@trpc/client";
import { LIMITS } from "@parley/contracts";
import { trpc } from "./react";

export const TRPC_PATH = "/trpc";

/**
 * The tRPC client: batched HTTP to /trpc, with `Authorization: Bearer <access token>` when
 * someone is signed in (every product call but the public message carries it). A chat
 * reply (and each column of a comparison or a battle) goes through the streaming link, so it arrives token by token.
 */
export function createApiClient(getAccessToken: () => Promise<string | null>) {
  async function headers() {
    const token = await getAccessToken();
    return token ? { Authorization: `Bearer ${token}` } : {};
  }
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.path === "chat.send" || op.path === "chat.compare" || op.path === "chat.battle",
        true: httpBatchStreamLink({ url: TRPC_PATH, headers }),
        // The server refuses larger batches.
        false: httpBatchLink({ url: TRPC_PATH, headers, maxItems: LIMITS.trpcBatchCalls }),
      }),
    ],
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;
