// The e2e suite drives Debian's Chromium (Playwright's own browser downloads are not used), so the
// test command makes sure it is there first: installed with apt-get when we are root, otherwise a
// message that says exactly what to install. Headless runs use Debian's build of Chromium's
// headless shell (the same engine, the same version; Playwright's own default for headless runs):
// on this 2-core machine it takes about half the CPU of the full browser per test (measured on
// three specs: 98 s of CPU against 175-197 s), which is most of the e2e leg's time.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM_PATH = "/usr/bin/chromium";
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";
const PACKAGES = [
  { path: CHROMIUM_PATH, name: "chromium" },
  { path: HEADLESS_SHELL_PATH, name: "chromium-headless-shell" },
];

/**
 * Returns Chromium's version line; installs Debian's `chromium` and `chromium-headless-shell` as
 * root, or throws with the command to run.
 */
export function ensureChromium() {
  const missing = PACKAGES.filter((pkg) => !existsSync(pkg.path));
  if (missing.length > 0) {
    const names = missing.map((pkg) => pkg.name).join(" ");
    if (process.getuid?.() !== 0) {
      throw new Error(
        `${missing.map((pkg) => pkg.path).join(" and ")} ${missing.length > 1 ? "are" : "is"} missing; the end-to-end tests need Debian's ${names} package${missing.length > 1 ? "s" : ""}.\n` +
          `Install ${missing.length > 1 ? "them" : "it"}, then run the tests again:\n` +
          `  sudo apt-get update && sudo apt-get install -y ${names}`,
      );
    }
    console.log(`${missing.map((pkg) => pkg.path).join(" and ")} missing: installing Debian's ${names} with apt-get.`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    for (const args of [["update"], ["install", "-y", ...missing.map((pkg) => pkg.name)]]) {
      const result = spawnSync("apt-get", args, { stdio: "inherit", env });
      if (result.status !== 0) {
        throw new Error(`"apt-get ${args.join(" ")}" failed (exit ${result.status ?? result.signal}); install ${names} by hand.`);
      }
    }
    for (const pkg of missing) if (!existsSync(pkg.path)) throw new Error(`apt-get installed ${pkg.name} but ${pkg.path} is still missing.`);
  }
  const version = (path) => execFileSync(path, ["--version"], { encoding: "utf8" }).trim();
  return `${version(CHROMIUM_PATH)}; headless shell: ${version(HEADLESS_SHELL_PATH)}`;
}
