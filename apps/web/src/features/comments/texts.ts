/** Texts of the comments section. */
export const COMMENT_TEXTS = {
  heading: (count: number) => `Comments (${count})`,
  loading: "Loading comments...",
  loadFailed: "Failed to load comments.",
  loadError: "An error occurred while loading comments.",
  empty: "No comments yet. Be the first to comment!",
  placeholder: "Add a comment...",
  inputLabel: "Add a comment",
  send: "Send",
  addFailed: "Failed to add your comment.",
  addError: "An error occurred while adding your comment.",
  signIn: "Please log in to add a comment.",
  deleteConfirm: "Are you sure you want to delete this comment?",
  deleteFailed: "Failed to delete your comment.",
} as const;
