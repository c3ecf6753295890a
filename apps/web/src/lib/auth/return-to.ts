/**
 * The in-app path to return to after sign-in. Only same-origin paths are accepted, so a crafted
 * state cannot send someone to another site after signing in.
 */
export function safeReturnTo(value: unknown, origin: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/";
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin || url.pathname === "/callback") return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}
