import { connect, type Socket } from "node:net";

/** The code of the error a connection fails with when PostgreSQL stops answering on it. */
export const NO_ANSWER_CODE = "DATABASE_NO_ANSWER";

type SocketOptions = { host: string[]; port: number[]; path?: string | false };

/**
 * A socket factory for postgres.js that notices a connection on which PostgreSQL no longer
 * answers (a peer gone without closing, a network that drops packets): once a request has gone
 * out and nothing comes back for `silenceMs`, the connection is destroyed, so the waiting query
 * fails instead of hanging and the pool opens a fresh connection for the next one.
 * `silenceMs` is a little above the server-side statement timeout, so a slow statement is ended
 * by the server first. A connection closed before the server's first answer fails as well.
 * For one host (postgres.js's own sockets try several hosts in turn).
 * Over TLS the watch ends once TLS starts; the server-side statement time-out still applies.
 */
export function watchedSocketFactory(silenceMs: number): (options: SocketOptions) => Socket {
  return (options) => {
    const socket = options.path ? connect(options.path) : connect(options.port[0] ?? 5432, options.host[0] ?? "localhost");
    let greeted = false;
    let timer: NodeJS.Timeout | undefined;
    const stopWatch = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = (...args: unknown[]) => {
      // Until the server's first answer, postgres.js's connect time-out is in charge.
      if (greeted && timer === undefined) {
        timer = setTimeout(() => {
          const error = Object.assign(new Error(`PostgreSQL did not answer within ${silenceMs} ms`), { code: NO_ANSWER_CODE });
          socket.destroy(error);
        }, silenceMs);
        timer.unref();
      }
      return write(...args);
    };
    socket.on("data", () => {
      greeted = true;
      stopWatch();
    });
    // Closed before the server said anything (a proxy or pooler in front of a database that is
    // down): an error, so the waiting query fails instead of postgres.js reconnecting for ever.
    socket.once("end", () => {
      if (!greeted) socket.destroy(Object.assign(new Error("The connection to PostgreSQL was closed before it answered"), { code: "CONNECTION_CLOSED" }));
    });
    socket.once("close", stopWatch);
    return socket;
  };
}
