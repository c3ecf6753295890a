/** Business limits. */
export const LIMITS = {
  /** Post description, characters; longer input is truncated in the UI and refused by the API. */
  postDescription: 255,
  /** One chat message, characters. */
  message: 32_000,
  /** One comment, characters. */
  comment: 2_000,
  /** Nickname, characters. */
  nickname: 64,
  /** Provider API key, characters. */
  apiKey: 512,
  /** Feed page size used by the Discover screen. */
  feedPageSize: 50,
  /** Default `limit` of getRecentPosts. */
  recentPostsDefault: 20,
  /** Largest `limit` getRecentPosts accepts. */
  recentPostsMax: 100,
  /** Most procedure calls one tRPC batch request may carry (the web client batches at most this many). */
  trpcBatchCalls: 10,
  /** Largest JSON request body, bytes. */
  requestBodyBytes: 1_048_576,
} as const;

/** Client timings. */
export const TIMINGS = {
  headlineRotationMs: 2000,
  loginPopupTimeoutMs: 60_000,
  crossTabLockMs: 5000,
} as const;

/** Models named by the rotating landing headline. */
export const HEADLINE_MODELS = ["Claude", "GPT", "Llama", "Gemini", "Mistral", "PaLM"] as const;
