export * from "./common";
export * from "./chat";
export * from "./creator";
export * from "./post";
export * from "./reach";
export * from "./search";
export * from "./subscription";
export * from "./user";
