import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import type { AppRouter } from "@parley/api";
import { cloneFailureText } from "../../../src/features/chat/clone-failure";

// The clone alerts, for what the tRPC client really throws on each kind of failure.
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.includes("/refused/")) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify([{ error: { message: "Conversation not found.", code: -32004, data: { code: "NOT_FOUND", httpStatus: 404 } } }]));
      return;
    }
    response.writeHead(502, { "content-type": "text/html" });
    response.end("<html><body>Bad gateway</body></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function cloneFailure(url: string) {
  const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url })] });
  return client.chat.clone.mutate({ sessionId: 1, addCloneText: true }).then(
    () => "no failure",
    (error: unknown) => cloneFailureText(error),
  );
}

describe("clone failure alerts", () => {
  it("the server's error: 'Error cloning chat: {error}'", async () => {
    await expect(cloneFailure(`${baseUrl}/refused`)).resolves.toBe("Error cloning chat: Conversation not found.");
  });

  it("an HTTP error without one: the spec's text exactly", async () => {
    await expect(cloneFailure(`${baseUrl}/proxy`)).resolves.toBe('Failed to clone chat: "Unknown error"}');
  });

  it("no answer at all, or an answer without new_session_id: 'Failed to clone chat. Please try again.'", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(cloneFailure(`http://127.0.0.1:${port}/trpc`)).resolves.toBe("Failed to clone chat. Please try again.");
    expect(cloneFailureText(new Error("no new_session_id"))).toBe("Failed to clone chat. Please try again.");
  });
});
