/** Texts of the community screens (spec §2, §5, §8). */
export const POST_TEXTS = {
  feedTitle: "Discover",
  feedSubtitle: "Explore conversations and insights from the AI community",
  empty: "No timeline items to display",
  feedFailed: "Failed to load posts. Using sample data instead.",
  notFoundTitle: "Post Not Found",
  notFoundText: "The post you're looking for doesn't exist or has been removed.",
  confirmDeleteFeed: "Are you sure you want to delete this post? This action cannot be undone.",
  confirmDeletePage: "Are you sure you want to delete this post?",
  deleteFailed: (error: string) => `Failed to delete post: ${error}`,
  deleteFailedPlain: "Failed to delete post",
  deleteUnexpected: "An unexpected error occurred while deleting the post.",
  linkCopied: "Link copied to clipboard!",
  noMessages: "No messages to display",
  commentsLoading: "Loading comments...",
  commentsFailed: "Failed to load comments.",
  commentsEmpty: "No comments yet. Be the first to comment!",
  commentPlaceholder: "Add a comment...",
  commentAddFailed: "Failed to add your comment.",
  commentSignIn: "Please log in to add a comment.",
} as const;

/** The two built-in sample items shown when the feed cannot load (spec §3). */
export const SAMPLE_POSTS = [
  { id: -1, user_id: "sample-1", username: "ai_enthusiast", avatar: "🦊", description: "Asked three models to explain recursion to a five-year-old. The answers were delightfully different.", categories: ["education"], model_versions: ["AI"], created_at: "", likes: 0, comments: 0, has_liked: false },
  { id: -2, user_id: "sample-2", username: "prompt_crafter", avatar: "🦉", description: "A prompt that turns meeting notes into a clear action list. Sharing the whole conversation.", categories: ["business"], model_versions: ["AI"], created_at: "", likes: 0, comments: 0, has_liked: false },
];
