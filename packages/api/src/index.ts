export { appRouter, createCaller, type AppRouter, type RouterInputs, type RouterOutputs } from "./root";
export { createContextInner, type AuthIdentity, type Context, type CreateContextInnerOptions, type Logger } from "./context";
export { AppError, describeInputError, ERROR_KINDS, httpStatusOf, toTRPCError, type ErrorKind } from "./errors";
