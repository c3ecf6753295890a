import type { FastifyError, FastifyInstance } from "fastify";
import { MESSAGES } from "@parley/contracts";
import { AppError, toPublicError } from "@parley/api";
import { oversizeBodyDrained } from "./oversize-body";

/** Fastify's own request errors, translated into messages a person can act on. */
const FASTIFY_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: "The request body is empty. Send a JSON body, or no Content-Type header when there is nothing to send.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "The Content-Length header does not match the body." },
};

/**
 * Every error leaves as `{ "message": "..." }` with a 4xx/5xx status; internals (stack traces,
 * SQL, causes) are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") await oversizeBodyDrained(request);
    if (known) return reply.status(known.status).send({ message: known.message });
    if (error.validation) {
      return reply.status(400).send({ message: `Invalid request: ${error.message}` });
    }
    // Fastify's own client errors (unknown route, bad header...) say what is wrong.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !(error instanceof AppError)) {
      return reply.status(error.statusCode).send({ message: error.statusCode === 429 ? MESSAGES.tooManyRequests : error.message });
    }
    const { status, message, retryAfterSeconds, noStore } = toPublicError(error);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    if (retryAfterSeconds !== undefined) reply.header("Retry-After", String(retryAfterSeconds));
    // A link's state (expired, capped, locked) can change the next moment: never kept.
    if (noStore) reply.header("Cache-Control", "no-store");
    return reply.status(status).send({ message });
  });
}
