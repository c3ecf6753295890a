// A link password's lock-out in Chromium, on a server of this file's own that reads the client's
// address from X-Forwarded-For sent by this machine (TRUST_PROXY=loopback, as behind a proxy):
// wrong passwords from several addresses, each within its own limit, together lock the post's
// public link; a reader with the right password is told it is locked; its owner sees 'Locked' in
// their Shared links and lifts it; the link then asks for the password again, and opens with it.
import { expect, test } from "@playwright/test";
import { ownServer } from "./support/own-server";
import { createAccount, newAccount, openSignedIn } from "./support/accounts";
import { postConversation } from "./support/posting";

test.describe.configure({ timeout: 120_000 });

const WIDE = { width: 1400, height: 900 };
const PASSWORD = "honey pot";
/** LINK_LIMITS (packages/contracts/src/reach.ts): wrong passwords one address may try on a link, and all addresses together before the link locks. */
const PER_ADDRESS = 5;
const PER_LINK = 20;
const LOCKED = "This link is locked after too many wrong passwords. Ask its owner to unlock it.";

const own = ownServer(70, { TRUST_PROXY: "loopback" });

test("wrong passwords from several addresses lock a link; its owner sees it locked in Shared links and lifts it, and the link asks for its password again", async ({
  browser,
  playwright,
}) => {
  const title = `Bee lifespans ${Date.now().toString(36)}`;
  const owner = await createAccount(own.origin, newAccount("lockout"));
  const { page, close } = await openSignedIn(browser, own.origin, owner, WIDE);
  await postConversation(page, "How long do bees live?", title);
  await page.getByRole("switch", { name: "Anyone with the link" }).click();
  const link = page.getByRole("textbox", { name: "Public link" });
  await expect(link).toHaveValue(/\/p\/[A-Za-z0-9_-]{24}$/);
  const publicUrl = await link.inputValue();
  const token = new URL(publicUrl).pathname.split("/").at(-1)!;
  const settings = page.getByRole("region", { name: "Link settings" });
  await settings.getByLabel("Link password").fill(PASSWORD);
  await settings.getByRole("button", { name: "Set password" }).click();
  await expect(settings.getByText("A password is set.")).toBeVisible();

  // Guesses from addresses of their own (as a proxy forwards them), each within its own limit of
  // wrong passwords: together they reach the link's limit.
  const perAddress = PER_ADDRESS;
  const addresses = Array.from({ length: Math.ceil(PER_LINK / perAddress) }, (_, i) => `198.51.100.${10 + i}`);
  const from = (address: string) => playwright.request.newContext({ baseURL: own.origin, extraHTTPHeaders: { "x-forwarded-for": address } });
  const statuses: number[] = [];
  for (const address of addresses) {
    const client = await from(address);
    for (let i = 0; i < perAddress; i++)
      statuses.push((await client.post(`/api/v1/public/unlock/${token}`, { data: { password: `guess ${address} ${i}` } })).status());
    await client.dispose();
  }
  // Each was checked and refused as wrong (none of them over its address's own limit); the one
  // that reached the link's limit locked it, and says so.
  expect(statuses).toEqual([...Array.from({ length: PER_LINK - 1 }, () => 403), 429]);
  // Now no password is checked, from any address, not even the right one.
  const late = await from("198.51.100.99");
  const refused = await late.post(`/api/v1/public/unlock/${token}`, { data: { password: PASSWORD } });
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toEqual({ message: LOCKED });
  await late.dispose();

  // A browser with the right password is told the link is locked.
  const context = await browser.newContext({ baseURL: own.origin });
  const reader = await context.newPage();
  await reader.goto(publicUrl);
  await expect(reader.getByRole("heading", { name: "This link is protected" })).toBeVisible({ timeout: 15_000 });
  await reader.getByLabel("Password").fill(PASSWORD);
  await reader.getByRole("button", { name: "Unlock" }).click();
  await expect(reader.getByRole("alert")).toHaveText(LOCKED);
  await expect(reader.getByText("How long do bees live?")).toHaveCount(0);

  // The owner sees the lock in their Shared links, and lifts it.
  await page.goto("/profile?tab=links");
  const row = page.getByRole("listitem", { name: `Post · public link: ${title}` });
  await expect(row.getByText("Active · Locked · Password")).toBeVisible({ timeout: 15_000 });
  await row.getByRole("button", { name: "Expiry, password, limit" }).click();
  await expect(row.getByText("Locked after too many wrong passwords: no password is tried until you lift the lock.")).toBeVisible();
  await row.getByRole("button", { name: "Lift the lock" }).click();
  await expect(row.getByRole("button", { name: "Lift the lock" })).toHaveCount(0);
  await page.reload();
  await expect(row.getByText("Active · Password")).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText(/Locked/)).toHaveCount(0);

  // The link asks for its password again, and opens with it.
  await reader.reload();
  await expect(reader.getByRole("heading", { name: "This link is protected" })).toBeVisible({ timeout: 15_000 });
  await expect(reader.getByText("How long do bees live?")).toHaveCount(0);
  await reader.getByLabel("Password").fill(PASSWORD);
  await reader.getByRole("button", { name: "Unlock" }).click();
  await expect(reader.getByRole("heading", { name: title })).toBeVisible({ timeout: 15_000 });
  await expect(reader.getByText("How long do bees live?").first()).toBeVisible();
  await context.close();
  await close();
});
