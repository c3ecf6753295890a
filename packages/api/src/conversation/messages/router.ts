import { MESSAGES } from "@parley/contracts";
import { protectedProcedure, publicProcedure, router } from "../../kit/trpc";

/** The two demo messages of /public and /protected. */
export const messagesRouter = router({
  public: publicProcedure.meta({ rest: { method: "GET", path: "/messages/public", summary: "The public demo message" } }).query(() => ({ text: MESSAGES.publicDemo })),
  protected: protectedProcedure.meta({ rest: { method: "GET", path: "/messages/protected", summary: "The protected demo message" } }).query(() => ({ text: MESSAGES.protectedDemo })),
});
