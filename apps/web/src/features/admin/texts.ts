/** Texts of the admin console. */
export const ADMIN_TEXTS = {
  users: "Users",
  usage: "Usage",
  moderation: "Moderation",
  privacy: "Privacy",
  privacyBlocking: "Block what the privacy check finds",
  privacyBlockingHelp:
    "Before a conversation is posted, shared, opened with a public link or downloaded, Parley looks for e-mail addresses, phone numbers, card numbers, IBANs, keys and passwords. When this is on, nothing leaves until everything it found is redacted; when off, people may go ahead.",
  loading: "Loading...",
  loadFailed: "Could not load this. Reload the page to try again.",
  searchUsers: "Search people",
  noUsers: "No one matches.",
  usageHeading: (days: number) => `Tokens by model, last ${days} days`,
  noUsage: "No replies in this period.",
  reported: "Reported",
  hiddenView: "Hidden",
  queueEmpty: "Nothing is waiting for a moderator.",
  hiddenEmpty: "Nothing is hidden.",
  hide: "Hide",
  restore: "Restore",
  dismiss: "Dismiss reports",
} as const;

export const numberFormat = new Intl.NumberFormat("en-US");
