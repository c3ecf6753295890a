// The REST API called from a signed-in page, as the person signed in there: what a test does to
// set things up quickly (a conversation, a post) when the screens for it are another spec's subject.
import type { Page } from "@playwright/test";

/** Calls `/api/v1{path}` with the access token the app keeps in localStorage; resolves to the status and JSON body. */
export async function api(page: Page, method: "GET" | "POST" | "PUT", path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(localStorage).find((name) => name.startsWith("oidc.user:"));
      const token = (JSON.parse(localStorage.getItem(key ?? "") ?? "{}") as { access_token?: string }).access_token;
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}
