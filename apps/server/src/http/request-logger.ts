import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from "fastify";

/** Whether a logger writes lines at `level` (a logger that cannot tell is taken to write them). */
export function writes(log: FastifyBaseLogger, level: string): boolean {
  return (log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.(level) !== false;
}

/**
 * Fastify's own lines for each request ("incoming request", "request completed", both at info),
 * with nothing built for them (no line object, no response time) when the request's logger
 * does not write info. A request that ended in an error is always handed on.
 */
export class RequestLines extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (writes(request.log, "info")) super.incomingRequest(request, reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error || writes(reply.log, "info")) super.requestCompleted(error, request, reply);
  }
}
