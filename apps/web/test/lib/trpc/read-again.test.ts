import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { readAgain } from "../../../src/lib/trpc/read-again";

// A list on a server: a request sees the list as it is when the server reads it, and its answer
// arrives `delayMs` later.
function slowList(delayMs: number) {
  const items = ["old"];
  const read = () => {
    const seen = [...items];
    return new Promise<string[]>((resolve) => setTimeout(() => resolve(seen), delayMs));
  };
  return { items, read };
}

describe("reading a query again after a change", () => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  afterEach(() => client.clear());

  async function afterChangeDuringFirstLoad(refresh: (queryKey: string[]) => Promise<void>) {
    const queryKey = ["sessions", String(Math.random())];
    const server = slowList(50);
    const observer = new QueryObserver(client, { queryKey, queryFn: server.read });
    const stop = observer.subscribe(() => {});
    // The first load has been read by the server; then the change (a clone) lands.
    await new Promise((resolve) => setTimeout(resolve, 10));
    server.items.push("copy");
    await refresh(queryKey);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const data = observer.getCurrentResult().data;
    stop();
    return data;
  }

  it("an invalidation alone keeps the first load's answer, read before the change", async () => {
    expect(await afterChangeDuringFirstLoad((queryKey) => client.invalidateQueries({ queryKey }))).toEqual(["old"]);
  });

  it("readAgain reads the list again, with the change", async () => {
    const data = await afterChangeDuringFirstLoad((queryKey) =>
      readAgain({ cancel: () => client.cancelQueries({ queryKey }), invalidate: () => client.invalidateQueries({ queryKey }) }),
    );
    expect(data).toEqual(["old", "copy"]);
  });
});
