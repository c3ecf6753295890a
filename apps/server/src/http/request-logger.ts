import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type ChildOptions = Parameters<FastifyBaseLogger["child"]>[1];

/**
 * A request's logger that becomes the real child (bound to the request id) on the first line
 * written at an enabled level. Fastify makes a child logger for every request, and at the usual
 * levels most requests never write a line, so most never pay for one.
 */
class LazyChild {
  #child: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Record<string, unknown>,
    readonly options: ChildOptions,
  ) {}

  get level() {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  isLevelEnabled(level: string): boolean {
    const parent = this.parent as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    return this.#child ? (this.#child as typeof parent).isLevelEnabled?.(level) !== false : parent.isLevelEnabled?.(level) !== false;
  }

  child(bindings: Record<string, unknown>, options?: ChildOptions) {
    return this.real().child(bindings, options);
  }

  silent() {}
  fatal(...args: unknown[]) {
    this.write("fatal", args);
  }
  error(...args: unknown[]) {
    this.write("error", args);
  }
  warn(...args: unknown[]) {
    this.write("warn", args);
  }
  info(...args: unknown[]) {
    this.write("info", args);
  }
  debug(...args: unknown[]) {
    this.write("debug", args);
  }
  trace(...args: unknown[]) {
    this.write("trace", args);
  }

  private write(level: Level, args: unknown[]) {
    if (!this.#child && !this.isLevelEnabled(level)) return;
    (this.real()[level] as (...line: unknown[]) => void)(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: each request's logger is made when it first writes. A route
 * with a level of its own gets its child at once (the parent's level would not tell).
 */
export const lazyRequestLogger: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (logger, bindings, options) =>
  (options as { level?: string }).level !== undefined ? logger.child(bindings, options) : (new LazyChild(logger, bindings, options) as unknown as FastifyBaseLogger);
