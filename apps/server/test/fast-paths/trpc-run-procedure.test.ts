// runProcedure runs a procedure's middlewares and resolver as calling the procedure does: the same
// options at each step, the same context and input handed on, the same results and errors.
import { describe, expect, it } from "vitest";
import { initTRPC, TRPCError } from "@trpc/server";
import type { AnyProcedure } from "@trpc/server/unstable-core-do-not-import";
import { z } from "zod";
import { answer } from "@parley/api";
import { isRunnable, runProcedure } from "../../src/fast-paths/trpc/run-procedure";
import { settle } from "../support/settle";

type Ctx = { user: string | null; trail: string[] };

function build(log: unknown[]) {
  const t = initTRPC.context<Ctx>().meta<{ label: string }>().create();
  // Sees what a failure further down returned, and reports it in a wrapped form.
  const outer = t.middleware(async ({ next, path, type, meta, input, signal, batchIndex }) => {
    log.push({ step: "outer", path, type, meta, input, signal, batchIndex });
    const result = await next();
    if (!result.ok && result.error.message === "inner refused") throw new TRPCError({ code: "FORBIDDEN", message: "wrapped: inner refused" });
    return result;
  });
  const addsUser = t.middleware(({ ctx, next }) => next({ ctx: { user: ctx.user ?? "guest", trail: [...ctx.trail, "addsUser"] } }));
  const base = t.procedure.meta({ label: "probe" }).use(outer).use(addsUser);
  return t.router({
    echo: base.input(z.object({ n: z.number().int() })).query(({ ctx, input }) => ({ user: ctx.user, trail: ctx.trail, twice: input.n * 2 })),
    refused: base
      .use(() => {
        throw new Error("inner refused");
      })
      .query(() => "never"),
    noResult: base.use((async () => undefined) as never).query(() => "never"),
    rewritesInput: base
      .input(z.object({ n: z.number() }))
      .use(({ next, input }) => next({ input: { n: input.n + 1 } }))
      .mutation(({ input, ctx }) => ({ n: input.n, trail: ctx.trail })),
    // What a resolver is given, and each way it can answer or fail.
    seesOptions: base.query((options) => {
      // At run time a resolver gets every middleware option but `next`, typed or not.
      const { path, type, input, meta, signal, batchIndex, ctx, next } = options as unknown as Record<string, unknown> & { ctx: Ctx };
      return { path, type, input, meta, signal: signal !== undefined, batchIndex, user: ctx.user, next: typeof next };
    }),
    answersLater: base.query(async ({ ctx }) => ({ user: ctx.user, later: true })),
    throwsAtOnce: base.query(() => {
      throw new TRPCError({ code: "CONFLICT", message: "at once" });
    }),
    rejectsLater: base.query(async () => {
      throw new Error("later");
    }),
    answersUndefined: base.mutation(() => undefined),
    checksOutput: base.output(z.object({ n: z.number() })).query(() => ({ n: "not a number" }) as never),
    // An answer schema that checks (tests, development) refuses a wrong answer; one that does not
    // (production) is skipped by runProcedure, and answers as tRPC's identity parse does.
    checksAnswer: base.output(answer(z.object({ n: z.number() }), true)).query(() => ({ n: "not a number" }) as never),
    checksAnswerField: base.output(answer(z.object({ n: z.number() }), true)).query(() => ({ n: 1, extra: true })),
    passesAnswer: base.output(answer(z.object({ n: z.number() }), true)).query(() => ({ n: 1 })),
    uncheckedAnswer: base.output(answer(z.object({ n: z.number() }), false)).query(() => ({ n: "not a number" }) as never),
  });
}

describe("runProcedure", () => {
  const cases: [string, unknown, Ctx][] = [
    ["echo", { n: 21 }, { user: "ann", trail: [] }],
    ["echo", { n: 21 }, { user: null, trail: ["start"] }],
    ["echo", { n: "x" }, { user: null, trail: [] }],
    ["echo", undefined, { user: null, trail: [] }],
    ["refused", undefined, { user: null, trail: [] }],
    ["noResult", undefined, { user: null, trail: [] }],
    ["rewritesInput", { n: 1 }, { user: null, trail: [] }],
    ["seesOptions", { any: "input" }, { user: "ann", trail: [] }],
    ["answersLater", undefined, { user: "bo", trail: [] }],
    ["throwsAtOnce", undefined, { user: null, trail: [] }],
    ["rejectsLater", undefined, { user: null, trail: [] }],
    ["answersUndefined", undefined, { user: null, trail: [] }],
    ["checksOutput", undefined, { user: null, trail: [] }],
    ["checksAnswer", undefined, { user: null, trail: [] }],
    ["checksAnswerField", undefined, { user: null, trail: [] }],
    ["passesAnswer", undefined, { user: "ann", trail: [] }],
    ["uncheckedAnswer", undefined, { user: null, trail: [] }],
  ];

  it.each(cases)("%s with %j answers as calling the procedure does", async (name, input, ctx) => {
    const viaTrpc: unknown[] = [];
    const viaRun: unknown[] = [];
    const signal = new AbortController().signal;
    const procedureOf = (log: unknown[]) => (build(log)._def.procedures as Record<string, AnyProcedure>)[name]!;
    const trpcProcedure = procedureOf(viaTrpc);
    const runProcedureOf = procedureOf(viaRun);
    const expected = await settle(() =>
      trpcProcedure({ path: `x.${name}`, type: trpcProcedure._def.type, ctx, signal, batchIndex: 3, getRawInput: () => Promise.resolve(input) }),
    );
    const actual = await settle(() => runProcedure(runProcedureOf, { path: `x.${name}`, ctx, input, signal, batchIndex: 3 }));
    expect(actual).toEqual(expected);
    expect(viaRun).toEqual(viaTrpc);
    expect(viaRun).toHaveLength(1);
  });

  it("gives the input parser's answer, not the raw input, to what follows it", async () => {
    const procedure = build([])._def.procedures.echo as AnyProcedure;
    expect(
      await runProcedure(procedure, { path: "x.echo", ctx: { user: null, trail: [] }, input: { n: 2, extra: "dropped" }, signal: undefined, batchIndex: 0 }),
    ).toEqual({
      user: "guest",
      trail: ["addsUser"],
      twice: 4,
    });
  });

  it("runs every procedure of a router built with initTRPC", () => {
    for (const procedure of Object.values(build([])._def.procedures)) expect(isRunnable(procedure as AnyProcedure)).toBe(true);
  });
});
