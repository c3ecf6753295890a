// First: in a browser, zod must be told before any schema is made (see without-eval.ts).
import "./without-eval";
export * from "./access-tokens";
export * from "./answers";
export * from "./avatars";
export * from "./categories";
export * from "./input";
export * from "./limits";
export * from "./messages";
export * from "./plans";
export * from "./reach";
export * from "./discovery";
export * from "./email";
export * from "./schemas";
export * from "./moderation";
export * from "./prompts";
