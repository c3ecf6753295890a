import { MESSAGES } from "@parley/contracts";
import { protectedProcedure, publicProcedure, router } from "../../kit/trpc";

/** The two demo messages of /public and /protected. */
export const messagesRouter = router({
  public: publicProcedure.query(() => ({ text: MESSAGES.publicDemo })),
  protected: protectedProcedure.query(() => ({ text: MESSAGES.protectedDemo })),
});
