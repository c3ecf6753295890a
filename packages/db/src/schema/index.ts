export * from "./access-tokens";
export * from "./billing";
export * from "./chat";
export * from "./community";
export * from "./users";
export * from "./public-links";
export * from "./moderation";
export * from "./imports";
