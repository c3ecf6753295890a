/** Texts of the admin console. */
export const ADMIN_TEXTS = {
  users: "Users",
  usage: "Usage",
  moderation: "Moderation",
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
