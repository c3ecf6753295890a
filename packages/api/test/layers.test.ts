import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rule of eslint.config.js, run as `pnpm lint` runs it, on imports written into a file
// of each layer: a back-up or sideways import is refused by `boundaries/dependencies` with a
// message naming the layers; a downward one passes.
const PACKAGE = path.join(import.meta.dirname, "..");
// Only the layer rule runs, without type information: the planted file exists in no program.
const eslint = new ESLint({
  cwd: PACKAGE,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === "boundaries/dependencies",
});

async function layerProblems(file: string, importPath: string) {
  const code = `import * as imported from "${importPath}";\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(PACKAGE, "src", file) });
  return result!.messages.filter((message) => message.ruleId === "boundaries/dependencies").map((message) => message.message);
}

// The first lint loads the plugin and the TypeScript parser: seconds on a busy machine.
describe("the layers of packages/api/src", { timeout: 60_000 }, () => {
  it("refuses an import from kit/ back up into a domain", async () => {
    const problems = await layerProblems("kit/example.ts", "../community/post/visibility");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^api layers: kit\/ may not import from community\/, a higher layer \(packages\/api\/layers\.js: kit < account < conversation < community < reach, moderation < admin < root\)/,
    );
  });

  it("refuses conversation/ importing community/ and community/ importing moderation/", async () => {
    expect(await layerProblems("conversation/chat/example.ts", "../../community/post/clone")).toEqual([
      expect.stringMatching(/^api layers: conversation\/ may not import from community\//),
    ]);
    expect(await layerProblems("community/post/example.ts", "../../moderation/reports")).toEqual([
      expect.stringMatching(/^api layers: community\/ may not import from moderation\//),
    ]);
  });

  it("refuses an import sideways between the folders of one layer, a layer importing root/, and any importing the package's entry", async () => {
    expect(await layerProblems("reach/example.ts", "../moderation/reports")).toEqual([
      expect.stringMatching(/^api layers: reach\/ may not import from moderation\/, another folder of its own layer/),
    ]);
    expect(await layerProblems("account/example.ts", "../root")).toEqual([
      expect.stringMatching(/^api layers: account\/ may not import from root\/, a higher layer/),
    ]);
    expect(await layerProblems("admin/example.ts", "../root/chat")).toEqual([
      expect.stringMatching(/^api layers: admin\/ may not import from root\/, a higher layer/),
    ]);
    expect(await layerProblems("root/example.ts", "../index")).toEqual([expect.stringMatching(/^api layers: root\/ may not import index\.ts/)]);
  });

  it("lets a layer import from itself and from the layers below it, root/ from any, and the entry from root/", async () => {
    expect(await layerProblems("admin/example.ts", "../moderation/reports")).toEqual([]);
    expect(await layerProblems("community/post/example.ts", "../../conversation/chat/sessions")).toEqual([]);
    expect(await layerProblems("conversation/chat/example.ts", "./sessions")).toEqual([]);
    expect(await layerProblems("account/example.ts", "../kit/errors")).toEqual([]);
    expect(await layerProblems("root/example.ts", "../admin/users")).toEqual([]);
    expect(await layerProblems("root/example.ts", "../kit/trpc")).toEqual([]);
    expect(await layerProblems("root/example.ts", "./chat")).toEqual([]);
    expect(await layerProblems("example.ts", "./root")).toEqual([]);
  });
});
