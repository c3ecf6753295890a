// Personal access tokens in Chromium: made in the profile page (the secret shown once, copied),
// used from outside as a script would (Bearer on /api/v1), listed with its last use, revoked.
import { expect, test } from "@playwright/test";
import { ACCESS_TOKEN_MESSAGES } from "../packages/contracts/src";
import { createAccount, newAccount, openSignedIn } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";

test("a token made in the profile page works on /api/v1 until it is revoked", async ({ browser, baseURL, request }) => {
  test.setTimeout(60_000);
  const state = await createAccount(baseURL, newAccount("tokens"));
  const { page, close } = await openSignedIn(browser, baseURL, state);
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Access tokens" });
  await expect(section.getByText("You have no access tokens yet.")).toBeVisible();

  await section.getByRole("button", { name: "Create token" }).click();
  await expect(section.getByRole("alert")).toHaveText(/Give the token a name/);
  await section.getByLabel("Token name").fill("Nightly export");
  await section.getByRole("button", { name: "Create token" }).click();

  const notice = section.getByRole("region", { name: "Your new access token" });
  await expect(notice.getByText("It will not be shown again.", { exact: false })).toBeVisible();
  const token = await notice.getByLabel("New access token").inputValue();
  expect(token).toMatch(/^parley_pat_[A-Za-z0-9_-]{43}$/);
  await notice.getByRole("button", { name: "Copy token" }).click();
  await expect(notice.getByText("Token copied to the clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectNoSeriousA11yViolations(page);

  const list = section.getByRole("list", { name: "Your access tokens" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText("Last used never")).toBeVisible();

  // A script calls the API with the token.
  const auth = { Authorization: `Bearer ${token}` };
  const listed = await request.get("/api/v1/user/tokens", { headers: auth });
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toEqual([expect.objectContaining({ name: "Nightly export", prefix: token.slice(0, 17), last_used_at: expect.any(String) })]);
  expect(await listed.text()).not.toContain(token);
  const settings = await request.get("/api/v1/user/usersettings", { headers: auth });
  expect(settings.status()).toBe(200);

  // Once shown and dismissed, the secret is gone from the page; the list shows the use.
  await notice.getByRole("button", { name: "Done" }).click();
  await page.reload();
  await expect(page.getByRole("region", { name: "Access tokens" })).toBeVisible();
  expect(await page.content()).not.toContain(token);
  await expect(list.getByText(/Last used (?!never)/)).toBeVisible();

  await list.getByRole("button", { name: "Revoke Nightly export" }).click();
  const confirm = list.getByRole("group", { name: "Confirm revoking Nightly export" });
  await expect(confirm.getByText("Scripts using it stop working at once.", { exact: false })).toBeVisible();
  await confirm.getByRole("button", { name: "Revoke token" }).click();
  await expect(section.getByText("You have no access tokens yet.")).toBeVisible();

  const refused = await request.get("/api/v1/user/tokens", { headers: auth });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ message: ACCESS_TOKEN_MESSAGES.invalid });
  await close();
});

test("a read-only token with an expiry is shown as such in the profile and refused on writes", async ({ browser, baseURL, request }) => {
  test.setTimeout(60_000);
  const state = await createAccount(baseURL, newAccount("tokens-scope"));
  const { page, close } = await openSignedIn(browser, baseURL, state);
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Access tokens" });
  await section.getByLabel("Token name").fill("Dashboard");
  await section.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await section.getByLabel("Read-only (can read, cannot change anything)").check();
  await section.getByRole("button", { name: "Create token" }).click();
  const token = await section.getByRole("region", { name: "Your new access token" }).getByLabel("New access token").inputValue();

  const row = section.getByRole("list", { name: "Your access tokens" }).getByRole("listitem");
  await expect(row.getByText("Read-only", { exact: false })).toBeVisible();
  await expect(row.getByText(/Expires/)).toBeVisible();
  await expect(row.getByText("Never expires", { exact: false })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const auth = { Authorization: `Bearer ${token}` };
  const listed = await request.get("/api/v1/user/tokens", { headers: auth });
  expect(listed.status()).toBe(200);
  const [summary] = (await listed.json()) as { read_only: boolean; expires_at: string }[];
  expect(summary!.read_only).toBe(true);
  expect(new Date(summary!.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  const write = await request.post("/api/v1/user/updateUserApiKeys", { headers: auth, data: { nickname: "changed" } });
  expect(write.status()).toBe(403);
  expect(await write.json()).toEqual({ message: ACCESS_TOKEN_MESSAGES.readOnly });
  await close();
});
