// A vitest reporter for the test command: each test file's own time, from loading it (imports)
// through its last hook, written as JSON to `--outputFile.files=<path>`. vitest's JSON reporter
// times a file from its first test to its last, leaving out imports and beforeAll/afterAll, where
// set-up (databases, servers) spends its time.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

export default class FileTimes {
  onInit(vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules) {
    const outputFile = this.vitest.config.outputFile;
    const target = typeof outputFile === "object" ? outputFile?.files : undefined;
    if (!target) return;
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      const ms = d.prepareDuration + d.environmentSetupDuration + d.collectDuration + d.setupDuration + d.duration;
      return { file: module.moduleId, seconds: ms / 1000, importSeconds: d.collectDuration / 1000 };
    });
    const path = resolve(this.vitest.config.root, target);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify({ files }));
  }
}
