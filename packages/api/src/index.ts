export { appRouter, nonAdminRouter, createCaller, type AppRouter, type RouterInputs, type RouterOutputs } from "./root";
export type { AuthIdentity, Logger } from "./caller";
export { createContextInner, type Context, type CreateContextInnerOptions } from "./context";
export { AppError, ERROR_KINDS, retryAfterOf, toPublicError, toTRPCError, type ErrorKind, type PublicError } from "./errors";
export { getProviderKey, PROVIDER_KEY_NAMES, type ProviderKeyName } from "./user/provider-keys";
export { authenticateAccessToken, isPersonalAccessToken, type AccessTokenSummary } from "./user/access-tokens";
export { requireUser, SETUP_REQUIRED_MESSAGE, type UserRow } from "./user/require-user";
export { createModelGateway, emptyModelGateway, type ModelGateway } from "./chat/model-gateway";
export { BUILTIN_PROMPTS } from "./chat/builtin-prompts";
export { syncBuiltinPrompts, type BuiltinPrompt } from "./chat/prompts";
export { syncModelCatalogue } from "./chat/catalogue-sync";
export type { SendEvent } from "./chat/send";
export type { ReplyMetrics, ReplyObserver } from "./chat/reply-metrics";
export type { CompareEvent } from "./chat/compare";
export { ColumnStops, type ColumnKey, type StopChannel } from "./chat/compare/stops";
export { PAYMENTS_NOT_CONFIGURED, type Billing } from "./subscription/billing";
export { periodEnd } from "./subscription/allowance";
export { DEFAULT_INSTANCE_LEASE_MS, endInstanceLease, renewInstanceLease, REPLY_TIMEOUT_MS, settleInterruptedReplies } from "./chat/send/interrupted";
export { applyStripeEvent, type StripeEventOutcome } from "./subscription/stripe-events";
export {
  DEFAULT_RATE_LIMITS,
  noRateLimits,
  RATE_LIMITED_ACTIONS,
  RateLimitError,
  type RateLimitedAction,
  type RateLimiter,
  type RateLimitRule,
} from "./rate-limits";
export { clearAbandonedImports } from "./reach/import-store";
export { getPublicPost, getPublicSession, PUBLIC_LINK_NOT_FOUND, publicTokenHash, sealLegacyPublicLinks } from "./reach/public-links";
export { forgetSearchRankings, SEARCH_CANDIDATES, SEARCH_RANKING_TTL_MS } from "./post/search";
export { forgetWordFrequencies } from "./search/word-frequency";
export { getPublicPreviewStamp } from "./reach/preview-stamp";
export type { Transcript } from "./reach/transcript";
export { isAdminIdentity, NO_ADMINS, type AdminRule } from "./admin/role";
export { UnlistedPathError } from "./trpc";
