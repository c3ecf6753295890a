import type { FastifyRequest } from "fastify";
import { createContextInner, type Billing, type Context, type CreateContextInnerOptions } from "@parley/api";
import type { Authenticator } from "../auth/authenticator";
import { visitorOf } from "./visitor";

/**
 * What the host gives every request's context: the context's own fields (Context, listed once in
 * the api's kit/context.ts) but those of the request itself, and how tokens are checked.
 */
export type ContextDeps = Omit<CreateContextInnerOptions, "auth" | "log" | "visitor"> & { authenticator: Authenticator; billing: Billing | null };

/**
 * Adapts a Fastify request to the procedures' context (shared by tRPC and REST). A request
 * without `Authorization` is anonymous for every authenticator (see Authenticator), so its
 * context is made at once, with no promise to wait on; only a token is checked asynchronously.
 */
export function createRequestContext(deps: ContextDeps, request: FastifyRequest): Context | Promise<Context> {
  const header = request.headers.authorization;
  if (header === undefined) return contextOf(deps, request, null);
  return deps.authenticator.authenticate(header).then((auth) => contextOf(deps, request, auth));
}

function contextOf(deps: ContextDeps, request: FastifyRequest, auth: Context["auth"]): Context {
  // Each field named, not `...deps`: a spread per request costs the REST path a third of its speed.
  return createContextInner({
    db: deps.db,
    auth,
    log: request.log,
    keys: deps.keys,
    models: deps.models,
    billing: deps.billing,
    limiter: deps.limiter,
    storageQuotaBytes: deps.storageQuotaBytes,
    stops: deps.stops,
    shutdown: deps.shutdown,
    metrics: deps.metrics,
    admins: deps.admins,
    instance: deps.instance,
    visitor: visitorOf(request),
    voteRules: deps.voteRules,
    now: deps.now,
    verification: deps.verification,
  });
}
