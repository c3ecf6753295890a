// Where a procedure logs: the structured logger the context carries.

/** Minimal structured logger (Fastify's pino satisfies it). */
export type Logger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};
