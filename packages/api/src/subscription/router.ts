import { router } from "../trpc";

/** Procedures of the subscription domain (spec §7). */
export const subscriptionRouter = router({});
