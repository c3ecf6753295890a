// The instance's admin in the e2e servers: the account whose address e2e/support/serve.mjs names
// in ADMIN_EMAILS. Several specs sign in as it, in any order, on the same servers.
import { expect, request } from "@playwright/test";
import { createAccount, type StorageState } from "./accounts";

export const ADMIN_ACCOUNT = { name: "Mo Moderator", email: "moderator@example.test" };

/** The status of `GET /api/v1/admin/access` for the account signed in as `state` (200: an admin). */
async function adminAccess(baseURL: string, state: StorageState) {
  const { access_token } = JSON.parse(state.origins[0]!.localStorage[0]!.value) as { access_token: string };
  const http = await request.newContext({ baseURL });
  try {
    return (await http.get("/api/v1/admin/access", { headers: { authorization: `Bearer ${access_token}` } })).status();
  } finally {
    await http.dispose();
  }
}

/**
 * The admin signed in: signed up by the first spec that asks (an earlier one's sign-up makes this
 * one's fail, and it signs in instead). The address counts once verified (serve.mjs opens the
 * link the server logs, as an operator would) and from the next sign-in on.
 */
export async function signInAdmin(baseURL: string | undefined): Promise<StorageState> {
  if (!baseURL) throw new Error("signInAdmin needs the project's baseURL");
  try {
    await createAccount(baseURL, ADMIN_ACCOUNT);
  } catch {
    // Signed up already by another spec on these servers.
  }
  let state: StorageState | undefined;
  await expect.poll(async () => adminAccess(baseURL, (state = await createAccount(baseURL, ADMIN_ACCOUNT, { existing: true }))), { timeout: 20_000 }).toBe(200);
  return state!;
}
