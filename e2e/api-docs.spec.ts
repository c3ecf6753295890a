// The API's documentation page in Chromium: served by the app under its Content-Security-Policy
// (nothing blocked, nothing loaded from elsewhere), readable with the keyboard, and accessible.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";

test("the API documentation at /api/docs lists every operation and passes the accessibility check", async ({ page, request, baseURL }) => {
  // axe reads a long page of tables: more time than the default on a busy machine.
  test.setTimeout(120_000);
  const blocked: string[] = [];
  page.on("console", (message) => {
    // The browser's own favicon request is no part of the page.
    if (message.type() === "error" && !/status of 404/.test(message.text())) blocked.push(message.text());
  });
  const requested: string[] = [];
  page.on("request", (r) => requested.push(r.url()));
  const failed: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400 && new URL(r.url()).pathname !== "/favicon.ico") failed.push(`${r.status()} ${r.url()}`);
  });

  const response = await page.goto("/api/docs");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("heading", { level: 1, name: "Parley API" })).toBeVisible();

  const document = (await (await request.get("/api/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
  const nav = page.getByRole("navigation", { name: "Operations" });
  await expect(nav.getByRole("link")).toHaveCount(operations.length);
  // Admin paths are listed to admins only; a visitor's page and document do not name them.
  expect(operations.filter((operation) => operation.includes("/api/v1/admin/"))).toEqual([]);
  await expect(nav.getByRole("link", { name: /\/api\/v1\/admin\// })).toHaveCount(0);

  // A link in the list leads to the operation's section.
  await nav.getByRole("link", { name: "POST /api/v1/post/comment/{postId}", exact: true }).click();
  await expect(page).toHaveURL(/#postPostComment$/);
  const section = page.getByRole("region", { name: "POST /api/v1/post/comment/{postId}" });
  await expect(section.getByRole("table", { name: "Request body" }).getByRole("rowheader", { name: "content" })).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  expect(blocked).toEqual([]);
  expect(failed).toEqual([]);
  expect(requested.filter((url) => new URL(url).origin !== new URL(baseURL!).origin)).toEqual([]);
});
