import { router } from "../trpc";

/** Procedures of the post domain (spec §7). */
export const postRouter = router({});
