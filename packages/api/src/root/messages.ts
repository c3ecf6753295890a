import type { TRPCRouterRecord } from "@trpc/server";
import { messagesOutputs } from "@parley/contracts";
import { answer } from "../kit/answers";
import { protectedProcedure, publicProcedure } from "../kit/trpc";
import { protectedDemoMessage, publicDemoMessage } from "../conversation/messages/demo";

/** The `messages` namespace: the two demo messages of /public and /protected. */
export const messages = {
  public: publicProcedure
    .meta({ rest: { method: "GET", path: "/messages/public", summary: "The public demo message" } })
    .output(answer(messagesOutputs.public))
    .query(publicDemoMessage),
  protected: protectedProcedure
    .meta({ rest: { method: "GET", path: "/messages/protected", summary: "The protected demo message" } })
    .output(answer(messagesOutputs.protected))
    .query(protectedDemoMessage),
} satisfies TRPCRouterRecord;
