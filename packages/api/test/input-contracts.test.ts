import type { AnyProcedure } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { adminInputs, archiveInputs, chatInputs, creatorInputs, postInputs, privacyInputs, promptInputs, publicLinkInputs, subscriptionInputs, userInputs } from "@parley/contracts";
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
    const unused = Object.entries(contracts).flatMap(([router, inputs]) => Object.entries(inputs).filter(([, schema]) => !used.has(schema as (typeof procedures)[number][1]["_def"]["inputs"][number])).map(([name]) => `${router}.${name}`));
    expect(unused).toEqual([]);
  });
});
