/** Texts of the chat screen, alerts and confirmations. */
export const CHAT_TEXTS = {
  emptyTitle: "How can I help you today?",
  emptyText: "Type a message to start our conversation",
  placeholder: "Type your message here...",
  /** The prompt dropdown's last option and the `/` picker's link. */
  openPromptLibrary: "Open prompt library…",
  sharedInput: 'This is a shared chat in read-only mode. Use the "Clone and Continue" button to create your own copy.',
  sharedPanel: "This is a shared chat. You are viewing it in read-only mode.",
  sendFailed: "An error occurred processing this request",
  stopped: "Stopped: the reply was cut short here.",
  sharedMissingTitle: "This conversation is not available",
  sharedMissingText: "It was not found or is no longer shared. Ask its owner for a new link.",
  loadFailed: "This conversation could not be loaded.",
  unshareError: (message: string) => `Could not stop sharing: ${message}`,
  confirmDelete: "Are you sure you want to delete this conversation? This action cannot be undone.",
  deleteError: (message: string) => `Error deleting conversation: ${message}`,
  deleteUnexpected: "An unexpected error occurred while deleting the conversation.",
  cloneStart: "Creating a clone of this chat. Please wait a moment...",
  cloneError: (message: string) => `Error cloning chat: ${message}`,
  cloneFailed: "Failed to clone chat. Please try again.",
  // The text as given, quote and brace included: a clone answered with an HTTP error.
  cloneHttpFailed: 'Failed to clone chat: "Unknown error"}',
  shareNeedsSave: "Save your conversation first before sharing.",
  shareCopied: "Share link copied to clipboard! Anyone with this link can view this conversation.",
  shareFailed: (reason: string) => `Failed to copy: ${reason}`,
  shareTitle: "Check out this AI conversation",
  shareText: "I had an interesting conversation with AI",
  postNeedsSave: "Save your conversation first before posting.",
  postNeedsDescription: "Please add a description for your post.",
  postError: (message: string) => `Error posting conversation: ${message}`,
  postUnexpected: "An unexpected error occurred while posting the conversation.",
  privacyCheckFailed: (reason: string) => `The privacy check could not run: ${reason}`,
  postNoId: "Successfully posted, but no post ID was returned.",
  /** Beside Post Conversation while a reply streams: a post holds complete replies only. */
  postWaitsForReply: "A reply is still coming: the conversation can be posted once it has ended.",
} as const;

/** Default names of the two sides. */
export const DEFAULT_USER_LABEL = "You";
export const DEFAULT_AI_LABEL = "Claude";
