import { router } from "../trpc";

/** Procedures of the user domain (spec §7). */
export const userRouter = router({});
