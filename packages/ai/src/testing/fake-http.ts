import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeScenario, RecordedRequest } from "./scenario";

/** One exchange as a fake's route handler sees it. */
export type FakeExchange = {
  req: IncomingMessage;
  res: ServerResponse;
  recorded: RecordedRequest;
  scenario: FakeScenario;
  /** Waits, unless the client hangs up first; false means it did and nothing more should be written. */
  wait(ms: number): Promise<boolean>;
  /** Destroys the connection mid-answer (not counted as the client closing). */
  drop(): void;
};

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString("utf8");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Writes a JSON response. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Starts the stream of server-sent events (headers go out at once, as the real services do). */
export function startSse(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive", ...headers });
  res.flushHeaders();
}

/**
 * A node:http server on 127.0.0.1 with a random port that records every request and hands it to
 * `handle` with the current scenario.
 */
export async function startFakeHttpServer(handle: (exchange: FakeExchange) => Promise<void>, initial: FakeScenario, { cors = false } = {}) {
  let scenario = initial;
  const requests: RecordedRequest[] = [];
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    if (cors) {
      // Lets a page on another origin call the fake (a browser benchmark); preflights are answered, not recorded.
      res.setHeader("access-control-allow-origin", "*");
      if (req.method === "OPTIONS") {
        res.writeHead(204, {
          "access-control-allow-methods": "GET, POST",
          "access-control-allow-headers": "authorization, content-type",
          "access-control-max-age": "7200",
        });
        return void res.end();
      }
    }
    const url = new URL(req.url ?? "/", "http://fake");
    const recorded: RecordedRequest = { method: req.method ?? "GET", path: url.pathname, headers: flattenHeaders(req), body: undefined, clientClosed: false };
    requests.push(recorded);
    let dropped = false;
    res.on("close", () => {
      if (!res.writableEnded && !dropped) recorded.clientClosed = true;
    });
    recorded.body = await readJson(req);
    const wait = (ms: number) =>
      new Promise<boolean>((resolve) => {
        if (res.destroyed) return resolve(false);
        const onClose = () => {
          clearTimeout(timer);
          resolve(false);
        };
        const timer = setTimeout(() => {
          res.off("close", onClose);
          resolve(!res.destroyed);
        }, ms);
        res.once("close", onClose);
      });
    const drop = () => {
      dropped = true;
      // Let the chunks already written reach the client first, then cut the connection.
      const socket = req.socket;
      const destroy = () => socket.destroy();
      setImmediate(() => (socket.writableLength > 0 ? socket.once("drain", destroy) : destroy()));
    };
    await handle({ req, res, recorded, scenario, wait, drop }).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: "fake server failure" });
      else res.destroy();
    });
  };
  // A request the fake could not even read (a body that is not JSON, a dropped upload) is cut off.
  const server = createServer((req, res) => void serve(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setScenario(next: FakeScenario) {
      scenario = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
