import type { FastifyBaseLogger } from "fastify";
import { writes } from "../../http/request-logger";

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type ChildOptions = Parameters<FastifyBaseLogger["child"]>[1];
type MakeChild = (bindings: Record<string, unknown>, options: ChildOptions) => FastifyBaseLogger;

/**
 * A request's logger that becomes the real child (bound to the request id) on the first line
 * written at an enabled level. Fastify makes a child logger for every request, and at the usual
 * levels most requests never write a line, so most never pay for one.
 */
class LazyChild {
  #child: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: FastifyBaseLogger,
    private readonly make: MakeChild,
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
    return (this.#child ??= this.make(this.bindings, this.options));
  }

  isLevelEnabled(level: string): boolean {
    return writes(this.#child ?? this.parent, level);
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
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed in tsconfig.node.json's one program, where pino's types come through fastify's copy
    (this.real()[level] as (...line: unknown[]) => void)(...args);
  }
}

/**
 * Makes the children of `root` lazy: Fastify makes each request's logger with `root.child`, so
 * each request gets a LazyChild. (A `childLoggerFactory` would do the same, but Fastify checks
 * the result of a factory of its own for seven methods on every request, which costs more than
 * the lazy child saves; it trusts `child`.) Only the root's children are lazy: their children,
 * and a child with a level of its own (a route's), are made at once. `root` must be a pino
 * logger (see self-check.ts).
 */
export function makeRequestChildrenLazy(root: FastifyBaseLogger): void {
  const realChild = root.child;
  const make: MakeChild = (bindings, options) => realChild.call(root, bindings, options);
  Object.defineProperty(root, "child", {
    configurable: true,
    writable: true,
    value: function child(this: FastifyBaseLogger, bindings: Record<string, unknown>, options?: ChildOptions) {
      if (this !== root || options?.level !== undefined) return realChild.call(this, bindings, options);
      return new LazyChild(root, make, bindings, options) as unknown as FastifyBaseLogger;
    },
  });
}
