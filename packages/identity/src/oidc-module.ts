import type * as OidcProvider from "oidc-provider";

const RUNTIME_WARNING = "oidc-provider WARNING: Unsupported runtime";

let loading: Promise<typeof OidcProvider> | undefined;

/**
 * oidc-provider, imported on first use. On loading it warns "Unsupported runtime" on every Node
 * release older than 22 LTS, although it runs on Node 20.19+ as Parley does (package.json
 * engines); that one line is dropped while it loads so that a supported set-up starts without a
 * misleading warning. Loaded dynamically because a static import would run before any code of
 * ours (the bundle hoists third-party imports).
 */
export function importOidcProvider(): Promise<typeof OidcProvider> {
  loading ??= (async () => {
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].includes(RUNTIME_WARNING)) return;
      warn(...args);
    };
    try {
      return await import("oidc-provider");
    } finally {
      console.warn = warn;
    }
  })();
  return loading;
}
