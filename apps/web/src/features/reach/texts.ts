/** Texts of downloads, imports and public links. */
export const REACH_TEXTS = {
  download: "Download",
  markdown: "Markdown",
  json: "JSON",
  downloadFailed: "The download failed",
  publicLink: "Anyone with the link",
  publicLinkHelp: "Anyone with the address can read this without signing in. Turn it off and the address stops working.",
  publicLinkNeedsShare: "Share the conversation first; then it can also be opened without signing in.",
  listed: "Listed",
  listedHelp: "Let search engines show this post.",
  copyLink: "Copy public link",
  linkCopied: "Public link copied to clipboard!",
  linkCannotBeShown: "This link still works, but its address can no longer be shown (the server's encryption key was replaced). Turn the link off and on again to get a new address you can copy.",
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
} as const;

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
