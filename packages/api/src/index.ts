export { appRouter, createCaller, type AppRouter, type RouterInputs, type RouterOutputs } from "./root";
export { createContextInner, type AuthIdentity, type Context, type CreateContextInnerOptions, type Logger } from "./context";
export { AppError, describeInputError, ERROR_KINDS, httpStatusOf, toTRPCError, type ErrorKind } from "./errors";
export { createKeyVault, KeyVaultError, parseEncryptionKey, type KeyVault } from "./user/key-vault";
export { getProviderKey, PROVIDER_KEY_NAMES, type ProviderKeyName } from "./user/provider-keys";
export { requireUser, SETUP_REQUIRED_MESSAGE, type UserRow } from "./user/require-user";
