// The REST rows call procedures through procedureInvoker: the same procedures, parsers and
// middlewares as tRPC's own caller, with each namespace resolved once instead of per call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initTRPC } from "@trpc/server";
import { z } from "zod";
import { appRouter, createCaller, createContextInner, type AuthIdentity, type Context } from "@parley/api";
import type { DbHandle } from "@parley/db";
import { createTestDb } from "@parley/db/testing";
import { procedureInvoker } from "../../src/fast-paths/trpc/procedure-invoker";
import { settle } from "../support/settle";

const ISSUER = "https://issuer.test";

describe("procedureInvoker", () => {
  let db: DbHandle;
  const clock = new Date("2026-05-01T09:00:00.000Z");
  const contextFor = (subject: string | null) => {
    const auth: AuthIdentity | null = subject ? { issuer: ISSUER, subject, claims: {} } : null;
    return createContextInner({ db: db.db, auth, now: () => clock });
  };
  const direct = procedureInvoker(appRouter);

  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it("offers every procedure of the router under its namespace", () => {
    const invoker = direct(contextFor(null)) as unknown as Record<string, Record<string, unknown>>;
    const paths = Object.keys(appRouter._def.procedures);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const [namespace, name] = path.split(".") as [string, string];
      expect(typeof invoker[namespace]?.[name], path).toBe("function");
    }
  });

  it("answers as tRPC's caller does: values, bad input, a missing sign-in, a missing account, not found", async () => {
    const calls: [string, string | null, (caller: ReturnType<typeof createCaller>) => Promise<unknown>][] = [
      ["signed out", null, (c) => c.post.list({ limit: 20 })],
      ["no account yet", "ann", (c) => c.post.list({ limit: 20 })],
      ["setting up", "ann", (c) => c.user.setup({ user: { name: "Ann" } })],
      ["the feed", "ann", (c) => c.post.list({ limit: 20 })],
      ["bad input", "ann", (c) => c.post.list({ limit: -3 } as never)],
      ["a post that is not there", "ann", (c) => c.post.byId({ id: 987_654 })],
      ["a public message", null, (c) => c.messages.public()],
    ];
    for (const [label, subject, call] of calls) {
      const viaTrpc = await settle(() => call(createCaller(contextFor(subject))));
      // "setting up" ran once already: the second run answers for an existing account, as tRPC's would.
      const viaDirect = await settle(() => call(direct(contextFor(subject))));
      if (label === "setting up") {
        expect(viaDirect, label).toHaveProperty("value");
        continue;
      }
      expect(viaDirect, label).toEqual(viaTrpc);
    }
  });

  it("runs the procedure with the request's context and signal", async () => {
    const t = initTRPC.context<Context>().create();
    const seen: { now: Date; signal: AbortSignal | undefined }[] = [];
    const router = t.router({
      probe: t.router({
        look: t.procedure.input(z.object({ n: z.number() })).query(({ ctx, input, signal }) => {
          seen.push({ now: ctx.now(), signal });
          return input.n * 2;
        }),
      }),
    });
    const signal = new AbortController().signal;
    const invoker = procedureInvoker(router)(contextFor(null), signal) as unknown as { probe: { look: (input: unknown) => Promise<number> } };
    expect(await invoker.probe.look({ n: 21 })).toBe(42);
    expect(seen).toEqual([{ now: clock, signal }]);
    await expect(invoker.probe.look({ n: "x" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("refuses a router whose paths are not <router>.<procedure>", () => {
    const t = initTRPC.context<Context>().create();
    const router = t.router({ a: t.router({ b: t.router({ c: t.procedure.query(() => 1) }) }) });
    expect(() => procedureInvoker(router)).toThrow('procedureInvoker expects <router>.<procedure> paths, not "a.b.c"');
  });
});
