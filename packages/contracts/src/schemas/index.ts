// The procedures' inputs and answers, one file per tRPC namespace (user, subscription, chat, post,
// messages, archive, publicLink, privacy, creator, prompt, admin), and the shapes they share.
export * from "./common";
export * from "./shapes";
export * from "./handle";
export * from "./search";
export * from "./leaderboard";
export * from "./user";
export * from "./subscription";
export * from "./chat";
export * from "./post";
export * from "./messages";
export * from "./archive";
export * from "./public-link";
export * from "./privacy";
export * from "./creator";
export * from "./prompt";
export * from "./admin";
