/** Texts of the community screens. */
export const POST_TEXTS = {
  feedTitle: "Discover",
  feedSubtitle: "Explore conversations and insights from the AI community",
  empty: "No timeline items to display",
  feedFailed: "Failed to load posts. Using sample data instead.",
  feedLoading: "Loading posts…",
  loadMore: "Load more",
  loadMoreFailed: "Couldn't load more posts.",
  tryAgain: "Try again",
  pageTitle: "Post",
  pageSubtitle: "View this shared conversation",
  notFoundTitle: "Post Not Found",
  notFoundText: "The post you're looking for doesn't exist or has been removed.",
  pageFailed: "This post could not be loaded right now.",
  backToDiscover: "Back to Discover",
  confirmDeleteFeed: "Are you sure you want to delete this post? This action cannot be undone.",
  confirmDeletePage: "Are you sure you want to delete this post?",
  deleteFailed: (error: string) => `Failed to delete post: ${error}`,
  deleteFailedPlain: "Failed to delete post",
  deleteUnexpected: "An unexpected error occurred while deleting the post.",
  linkCopied: "Link copied to clipboard!",
  conversation: "Conversation",
  noMessages: "No messages to display",
  interact: "Interact with this conversation",
  lineageLabel: "Forks",
  forkedFrom: "Forked from",
  publicForks: (forks: number) => `Forked ${forks === 1 ? "once" : `${forks} times`}. Published forks:`,
  searchLabel: "Search posts",
  searchPlaceholder: "Search posts and conversations…",
  searchEmpty: (q: string) => `No posts match “${q}”.`,
  searchFailed: "Search is not available right now. Try again in a moment.",
  searching: "Searching…",
  creatorPosts: "Posts",
  creatorNoPosts: "No posts yet.",
  creatorMissing: "No one has this handle. Check the address.",
  creatorFailed: "This page could not be loaded right now.",
} as const;

/** The two built-in sample items shown when the feed cannot load (fake users, 'Recently', zero likes). */
export const SAMPLE_POSTS = [
  {
    id: -1,
    user_id: "sample-1",
    username: "ai_enthusiast",
    avatar: "🦊",
    description: "Asked three models to explain recursion to a five-year-old. The answers were delightfully different.",
    categories: ["education"],
    model_versions: [],
    compare_models: null,
    created_at: "",
    likes: 0,
    comments: 0,
    has_liked: false,
    handle: null,
    forks: 0,
    forked_from_post_id: null,
    hidden: false,
  },
  {
    id: -2,
    user_id: "sample-2",
    username: "prompt_crafter",
    avatar: "🦉",
    description: "A prompt that turns meeting notes into a clear action list. Sharing the whole conversation.",
    categories: ["business"],
    model_versions: [],
    compare_models: null,
    created_at: "",
    likes: 0,
    comments: 0,
    has_liked: false,
    handle: null,
    forks: 0,
    forked_from_post_id: null,
    hidden: false,
  },
];

/** Texts of comparison posts, their votes and the leaderboard. */
export const COMPARE_TEXTS = {
  card: (models: number) => `Compare: ${models} models`,
  heading: (models: number) => `Comparison of ${models} models`,
  answer: (label: string) => `Answer ${label}`,
  vote: "Vote for this answer",
  voting: "Voting…",
  yourVote: "Your vote",
  forAnswer: (label: string) => `(answer ${label})`,
  votes: (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "vote" : "votes"}`,
  tabsLabel: "Answers",
  blindNote: (labels: string[]) =>
    `Which answer is best? The models stay hidden behind the labels ${labels.join(", ")} until you vote; then you see which model wrote each answer and how others voted.`,
  votedNote: (total: number) =>
    `Thanks for voting. ${total.toLocaleString("en-US")} ${total === 1 ? "vote" : "votes"} so far. Votes are final: only votes cast before the models are shown count.`,
  voteBeforeInteract: "Vote first to continue this comparison in your own chat: your copy names each answer's model.",
  authorNote: "You made this comparison, so the models are named for you. Readers vote on it without seeing the names first.",
  /** After a vote that waits for the account's age: when it will count, in the viewer's local time. */
  waitingNote: (when: string) =>
    `Thanks for voting. Your vote is kept and counts from ${when}, once your account is old enough: votes from new accounts wait before they count. Votes are final: only votes cast before the models are shown count.`,
  /** Why the viewer's own vote is not in the tally yet (docs/leaderboard.md, 'What is counted'), or null. */
  leftOutNote: (reason: string | null | undefined) =>
    reason === "waiting"
      ? "Your vote is kept, and counts once your account is old enough: votes from new accounts wait before they count."
      : reason === "capped"
        ? "Your vote is kept, but you have cast as many counted votes as one person's day allows, so it is not in the tally."
        : null,
  /** A revealed column's model that is not rated (the offline demo), beside its votes. */
  notRated: "not rated",
  /** After the vote (and to the author), on a comparison with a model that is not rated: its votes count in the tally, not on the leaderboard. */
  unratedNote: (names: string[]) =>
    `${names.join(" and ")} only ${names.length === 1 ? "repeats" : "repeat"} what ${names.length === 1 ? "it is" : "they are"} asked, so ${names.length === 1 ? "it is" : "they are"} not rated: votes on this comparison count here but not on the Leaderboard.`,
  relatedNote:
    "You already know which model wrote each answer: you voted on or made a comparison this one was forked from or into, with the same models in the same columns. Only votes cast without knowing the models count, so there is nothing to vote on here.",
  relatedLink: "Open that comparison",
  status: (status: string) =>
    ({ error: "This model failed to answer.", stopped: "This answer was stopped before it finished.", missing: "No answer for this turn." })[status] ?? status,
  postsTab: "Posts",
  promptsTab: "Prompts",
  leaderboardTab: "Leaderboard",
  leaderboardTitle: "Leaderboard",
  leaderboardSubtitle: "Models ranked by the votes they won on comparison posts",
  category: "Category",
  allCategories: "All categories",
  leaderboardEmpty: "No votes yet: vote on comparison posts to rank the models.",
  leaderboardFitting: "The board is being fitted from the votes; it shows here in a moment.",
  leaderboardFailed: "The leaderboard could not be loaded right now.",
  leaderboardLoading: "Loading leaderboard…",
  leaderboardExplain:
    "Rating: the Luce (Bradley-Terry) model fitted to every counted vote, on an Elo-like scale where the average model is 1000. The interval is 95%; the rank range is every rank the intervals allow.",
  styleControl: "Style control",
  styleControlHint: "Rate as if every answer had the same length and markdown",
  howComputed: "How is this computed?",
  provisional: "Provisional",
  provisionalHint: (votes: number) => `Fewer than ${votes} counted votes: the rating may still move a lot`,
  fittedAt: (when: string, seconds: number | null) => `Fitted ${when}${seconds ? `; refitted every ${seconds} s` : ""}.`,
  counted: (votes: number) => `${votes.toLocaleString("en-US")} counted ${votes === 1 ? "vote" : "votes"}.`,
  leftOut: "Not counted",
  leftOutLine: (votes: number, reason: string) => `${votes.toLocaleString("en-US")} ${votes === 1 ? "vote" : "votes"} ${reason}`,
  interval: (low: number, high: number) => `${Math.round(low)} to ${Math.round(high)}`,
  rankRange: (low: number, high: number) => (low === high ? String(low) : `${low}–${high}`),
  pairsTitle: "Pairwise win rates",
  pairsCaption:
    "Share of the votes showing both models that picked the row's model over the column's (ties count half), with the number of votes that showed both",
  pairsCell: (rate: number | null, count: number) => (rate === null ? (count === 0 ? "none" : "–") : `${Math.round(rate * 100)}% of ${count}`),
  downloadVotes: "Download the votes",
  downloadFailed: "The download failed",
  columns: { rank: "Rank", model: "Model", rating: "Rating", interval: "95% interval", votes: "Votes", rate: "Win rate" },
} as const;
