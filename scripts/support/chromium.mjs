// The e2e suite drives Debian's Chromium (Playwright's own browser downloads are not used), so the
// test command makes sure it is there first: installed with apt-get when we are root, otherwise a
// message that says exactly what to install.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Returns Chromium's version line; installs Debian's `chromium` as root, or throws with the command to run. */
export function ensureChromium() {
  if (!existsSync(CHROMIUM_PATH)) {
    if (process.getuid?.() !== 0) {
      throw new Error(
        `Chromium is not installed (${CHROMIUM_PATH} is missing); the end-to-end tests need Debian's chromium package.\n` +
          "Install it, then run the tests again:\n" +
          "  sudo apt-get update && sudo apt-get install -y chromium",
      );
    }
    console.log(`${CHROMIUM_PATH} is missing: installing Debian's chromium package with apt-get.`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    for (const args of [["update"], ["install", "-y", "chromium"]]) {
      const result = spawnSync("apt-get", args, { stdio: "inherit", env });
      if (result.status !== 0) {
        throw new Error(`"apt-get ${args.join(" ")}" failed (exit ${result.status ?? result.signal}); install chromium by hand.`);
      }
    }
    if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is still missing.`);
  }
  return execFileSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8" }).trim();
}
