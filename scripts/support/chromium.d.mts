// Types for chromium.mjs, so the Playwright config (TypeScript) takes its paths from there.
export declare const CHROMIUM_PATH: string;
export declare const HEADLESS_SHELL_PATH: string;
/** Chromium's version line; installs the packages as root, or throws with the command to run. */
export declare function ensureChromium(): string;
