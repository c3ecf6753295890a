import { router } from "../trpc";

/** Procedures of the chat domain (spec §7). */
export const chatRouter = router({});
