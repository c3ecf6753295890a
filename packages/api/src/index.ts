export { appRouter, nonAdminRouter, createCaller, createContextInner, type AppRouter, type RouterInputs, type RouterOutputs } from "./root";
export type { AuthIdentity } from "./kit/identity";
export type { Logger } from "./kit/logger";
export { DEFAULT_VOTE_RULES, type Context, type CreateContextInnerOptions, type VoteRules } from "./kit/context";
export type { Accounts, Billing, ColumnKey, ColumnStopper, EmailVerification, ModelGateway, ReplyMetrics, ReplyObserver, Visitor } from "./kit/ports";
export { AppError, ERROR_KINDS, isLinkState, retryAfterOf, toPublicError, toTRPCError, type ErrorKind, type PublicError } from "./kit/errors";
export { getProviderKey, PROVIDER_KEY_NAMES, type ProviderKeyName } from "./account/user/provider-keys";
export { authenticateAccessToken, isPersonalAccessToken, type AccessTokenSummary } from "./account/user/access-tokens";
export { requireUser, SETUP_REQUIRED_MESSAGE, type UserRow } from "./account/user/require-user";
export { createModelGateway, emptyModelGateway } from "./conversation/chat/model-gateway";
export { BUILTIN_PROMPTS } from "./conversation/chat/builtin-prompts";
export { syncBuiltinPrompts, type BuiltinPrompt } from "./conversation/chat/prompts";
export { syncModelCatalogue } from "./conversation/chat/catalogue-sync";
export type { BattleEvent, ChatEvent, EventOf, ExchangeEvent, Usage } from "./conversation/chat/send/events";
export { loadVoteRecords, recordsOf, VoteGatherer } from "./community/verdicts/records";
export { ColumnStops, type StopChannel } from "./conversation/chat/compare/stops";
export { PAYMENTS_NOT_CONFIGURED } from "./account/subscription/billing";
export { periodEnd } from "./account/subscription/allowance";
export {
  DEFAULT_INSTANCE_LEASE_MS,
  endInstanceLease,
  renewInstanceLease,
  REPLY_TIMEOUT_MS,
  settleInterruptedReplies,
} from "./conversation/chat/send/interrupted";
export { applyStripeEvent, type StripeEventOutcome } from "./account/subscription/stripe-events";
export {
  DEFAULT_RATE_LIMITS,
  noRateLimits,
  RATE_LIMITED_ACTIONS,
  RateLimitError,
  type RateLimitedAction,
  type RateLimiter,
  type RateLimitRule,
} from "./kit/rate-limits";
export { clearAbandonedImports } from "./reach/import-store";
export { getPublicPost, getPublicSession, PUBLIC_LINK_NOT_FOUND, publicTokenHash, sealLegacyPublicLinks } from "./reach/public-links";
export { boardOf as leaderboardOf, fitBoardTable, refitLeaderboard, tabulateVotes } from "./community/verdicts/board";
export { fitRatings, type Fit, type FitOptions } from "./community/verdicts/fit";
export type { VoteRecord } from "./community/verdicts/types";
export { forgetSearchRankings, SEARCH_CANDIDATES, SEARCH_RANKING_TTL_MS } from "./community/post/search";
export { forgetWordFrequencies } from "./kit/search/word-frequency";
export { getPublicPreviewStamp } from "./reach/preview-stamp";
export { getPublicPrompt } from "./reach/public-prompt";
export type { Transcript } from "./reach/transcript";
export { isAdminIdentity, NO_ADMINS, type AdminRule } from "./kit/admin-rule";
export { UnlistedPathError } from "./kit/trpc";
export { answer, eventStream, setAnswerChecks, type AnswerParser } from "./kit/answers";
export { declaredMetaOf, type DeclaredMeta, type ProcedureAccess, type ProcedureMeta, type RestDeclaration, type RestMethod } from "./kit/rest";
