import type { PublicConfig } from "./public-config";

/** What to do when the page was opened at another address than the one sign-in works at. */
export type AddressCheck = { redirectTo: string } | { message: string } | null;

const isLoopback = (host: string) => host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * The embedded sign-in works only at the server's configured address (PUBLIC_URL, by default
 * http://localhost:PORT): its client accepts that origin's /callback and nothing else. Another
 * name for this same machine (127.0.0.1 for localhost) is sent to the configured address; any
 * other address (a LAN IP without PUBLIC_URL) gets a sentence saying what to open or set,
 * instead of a sign-in that fails with "Failed to fetch".
 */
export function checkAppAddress(config: PublicConfig, location: { href: string }): AddressCheck {
  if (!config.oidc.embedded) return null;
  const expected = new URL(config.oidc.authority);
  const here = new URL(location.href);
  if (here.origin === expected.origin) return null;
  if (isLoopback(here.hostname) && isLoopback(expected.hostname) && here.protocol === expected.protocol && here.port === expected.port) {
    return { redirectTo: `${expected.origin}${here.pathname}${here.search}${here.hash}` };
  }
  return { message: `Open Parley at ${expected.origin}, or set PUBLIC_URL to the address you use.` };
}
