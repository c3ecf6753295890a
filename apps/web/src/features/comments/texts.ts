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
  /** A comment anchored to one answer, in the post's list: 'on answer 2'. */
  onAnswer: (label: string) => `on ${label}`,
  answerToggle: (count: number) => (count === 0 ? "Comment on this answer" : `Comments on this answer (${count})`),
  answerPlaceholder: "Comment on this answer...",
  answerInputLabel: (label: string) => `Comment on ${label}`,
} as const;
