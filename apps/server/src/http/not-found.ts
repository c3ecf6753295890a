import { MESSAGES } from "@parley/contracts";

/** The body of a 404 for a path no route serves; admin paths answer non-admins with the same. */
export function noRouteMessage(method: string, url: string) {
  return `${MESSAGES.notFound} No route for ${method} ${url.split("?")[0]}.`;
}
