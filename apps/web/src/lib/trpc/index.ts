export { createApiClient, type ApiClient } from "./client";
export { errorCodeOf, messageOf } from "./errors";
export { createQueryClient } from "./query-client";
export { trpc } from "./react";
export { readAgain, type CachedQuery } from "./read-again";
