import type { AnyProcedure } from "@trpc/server";
import { describe, expect, it } from "vitest";
import {
  adminInputs,
  adminOutputs,
  archiveInputs,
  archiveOutputs,
  chatInputs,
  chatOutputs,
  creatorInputs,
  creatorOutputs,
  messagesOutputs,
  postInputs,
  postOutputs,
  privacyInputs,
  privacyOutputs,
  promptInputs,
  promptOutputs,
  publicLinkInputs,
  publicLinkOutputs,
  subscriptionInputs,
  subscriptionOutputs,
  userInputs,
  userOutputs,
} from "@parley/contracts";
import { appRouter } from "../src";

/** The contracts' input schemas by router, as the procedures' paths name them. */
const contracts: Record<string, Record<string, unknown>> = {
  chat: chatInputs,
  post: postInputs,
  user: userInputs,
  subscription: subscriptionInputs,
  creator: creatorInputs,
  archive: archiveInputs,
  publicLink: publicLinkInputs,
  admin: adminInputs,
  prompt: promptInputs,
  privacy: privacyInputs,
};

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>);

describe("every procedure validates with the schema @parley/contracts holds for it", () => {
  it.each(procedures.filter(([, p]) => p._def.inputs.length > 0).map(([path, p]) => [path, p] as const))("%s", (path, procedure) => {
    const [router = "", name = ""] = path.split(".");
    expect(procedure._def.inputs).toHaveLength(1);
    expect(procedure._def.inputs[0], `${path} has an input schema of its own instead of ${router}Inputs.${name}`).toBe(contracts[router]?.[name]);
  });

  it("and the contracts hold no schema that no procedure uses", () => {
    const used = new Set(procedures.flatMap(([, p]) => p._def.inputs));
    const unused = Object.entries(contracts).flatMap(([router, inputs]) =>
      Object.entries(inputs)
        .filter(([, schema]) => !used.has(schema as (typeof procedures)[number][1]["_def"]["inputs"][number]))
        .map(([name]) => `${router}.${name}`),
    );
    expect(unused).toEqual([]);
  });
});

/** The contracts' answer schemas by namespace. */
const answers: Record<string, Record<string, unknown>> = {
  chat: chatOutputs,
  post: postOutputs,
  user: userOutputs,
  subscription: subscriptionOutputs,
  creator: creatorOutputs,
  messages: messagesOutputs,
  archive: archiveOutputs,
  publicLink: publicLinkOutputs,
  admin: adminOutputs,
  prompt: promptOutputs,
  privacy: privacyOutputs,
};

/** The procedures that answer with a stream of events: their `.output()` is the stream, not a contracts schema. */
const STREAMS = ["chat.send", "chat.compare", "chat.battle"];

/** A procedure's `.output()` schema, as `answer(...)` keeps it. */
const outputOf = (procedure: AnyProcedure) => (procedure._def as { output?: { schema?: unknown } }).output?.schema;

describe("every procedure answers with the schema @parley/contracts holds for it (its .output())", () => {
  it.each(procedures.map(([path, p]) => [path, p] as const))("%s", (path, procedure) => {
    const [namespace = "", name = ""] = path.split(".");
    expect(outputOf(procedure), `${path} has no .output(answer(...))`).toBeDefined();
    if (STREAMS.includes(path)) return;
    expect(outputOf(procedure), `${path} answers with a schema of its own instead of ${namespace}Outputs.${name}`).toBe(answers[namespace]?.[name]);
  });

  it("and the contracts hold no answer schema that no procedure uses", () => {
    const used = new Set(procedures.map(([, p]) => outputOf(p)));
    const unused = Object.entries(answers).flatMap(([namespace, schemas]) =>
      Object.entries(schemas)
        .filter(([, schema]) => !used.has(schema))
        .map(([name]) => `${namespace}.${name}`),
    );
    expect(unused).toEqual([]);
  });
});
