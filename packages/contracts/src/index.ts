export * from "./access-tokens";
export * from "./avatars";
export * from "./categories";
export * from "./input";
export * from "./limits";
export * from "./messages";
export * from "./plans";
export * from "./reach";
