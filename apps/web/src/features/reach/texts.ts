/** Texts of downloads, imports and public links. */
export const REACH_TEXTS = {
  download: "Download",
  markdown: "Markdown",
  json: "JSON",
  downloadFailed: "The download failed",
  importTitle: "Import conversations",
  importHelp: "A conversations.json from a ChatGPT or Claude data export.",
  importChoose: "Choose file",
  uploading: "Uploading",
  importing: "Importing conversations…",
  signInPrompt: "Sign in to like, comment or fork",
  signIn: "Sign in",
  linkGoneTitle: "This link does not lead anywhere",
  linkGoneText: "It may have been turned off by its owner.",
  noMessages: "No messages to display",
  sharedLinksTab: "Shared links",
  sharedLinksTitle: "Shared links",
  sharedLinksHelp: "Every link you have made. Views count each browser session once a day; nothing is kept about who viewed.",
  noSharedLinks: "You have not shared anything yet.",
  revoke: "Revoke",
  linkControls: "Expiry, password, limit",
  revokeAll: "Revoke all",
  revokeAllConfirm: "Turn every link off? Their addresses stop working at once.",
  refreshSnapshot: "Refresh to the conversation as it is now",
  keepSnapshot: "Keep",
} as const;

/** What a link is, as the Shared links page names it. */
export const LINK_KIND_TEXT = {
  post: "Post · public link",
  conversation: "Conversation · public link",
  prompt: "Prompt · public link",
  share: "Conversation · share",
} as const;

/** "12 views" */
export const viewsText = (views: number) => `${views.toLocaleString("en-US")} view${views === 1 ? "" : "s"}`;

/** "Importing conversations… 1,500 of 12,000 exchanges stored." */
export function importingText(progress: { exchanges_done: number; exchanges_total: number }) {
  return `${REACH_TEXTS.importing} ${progress.exchanges_done.toLocaleString("en-US")} of ${progress.exchanges_total.toLocaleString("en-US")} exchanges stored.`;
}

/** "Imported 3 conversations (12 exchanges) from ChatGPT." */
export function importedText(result: { source: string; imported: number; exchanges: number }) {
  const from = result.source === "chatgpt" ? "ChatGPT" : "Claude";
  const conversations = `${result.imported} conversation${result.imported === 1 ? "" : "s"}`;
  return `Imported ${conversations} (${result.exchanges} exchange${result.exchanges === 1 ? "" : "s"}) from ${from}.`;
}
