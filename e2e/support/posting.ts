// Posting a conversation as a person does it in the browser.
import { expect, type Page } from "@playwright/test";

/** Sends `text` to the demo model from /chat, waits for the reply, and posts the conversation as `title`; ends on the post's page. */
export async function postConversation(page: Page, text: string, title: string) {
  await page.goto("/chat");
  await page.getByPlaceholder("Type your message here...").fill(text);
  await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled({ timeout: 15_000 });
  await page.getByPlaceholder("Type your message here...").press("Enter");
  await expect(page).toHaveURL(/sessionId=\d+/, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Description").fill(title);
  await page.getByRole("button", { name: "Post Conversation" }).click();
  await expect(page).toHaveURL(/\/post\/\d+$/, { timeout: 15_000 });
}
