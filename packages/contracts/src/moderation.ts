/** Reasons a person can give when reporting a post, a comment, a conversation, a prompt or a prompt's comment, with the words the dialog shows. */
export const REPORT_REASONS = ["spam", "harassment", "illegal", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or advertising",
  harassment: "Harassment or hate",
  illegal: "Illegal content",
  other: "Something else",
};

export const MODERATION = {
  /** Longest optional text of a report, characters. */
  detailsMax: 500,
  /** Most queue items one page lists. */
  queuePage: 50,
  /** Most people the admin user list shows per page. */
  usersPageMax: 100,
  /** Days of usage the admin chart may cover. */
  usageDaysMax: 90,
} as const;

export const MODERATION_MESSAGES = {
  /** What the author sees on their own hidden post or comment. */
  hidden: "Hidden by a moderator",
  reported: "Thanks: a moderator will look at it.",
  ownItem: "This is yours: you cannot report your own post, comment or conversation.",
  commentNotFound: "Comment not found. It may have been removed.",
  itemNotFound: "Nothing with that id is waiting for a moderator. It may have been removed.",
  /** The owner of a conversation a moderator hid (directly, or by hiding a post of it), on posting it or making it public. */
  conversationHidden: "A moderator hid this conversation: it cannot be posted or given a public link until an admin restores it.",
  /** The author of a hidden post asking for its public link. */
  postHiddenNoLink: "A moderator hid this post: it cannot have a public link until an admin restores it.",
} as const;
