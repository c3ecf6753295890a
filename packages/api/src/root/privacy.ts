import type { TRPCRouterRecord } from "@trpc/server";
import { privacyInputs, privacyOutputs } from "@parley/contracts";
import { answer } from "../kit/answers";
import { loadUser, protectedProcedure, rateLimit } from "../kit/trpc";
import { scanOutgoingTarget } from "../reach/privacy-scan";

/** The `privacy` namespace: the privacy check before anything leaves (docs/privacy.md). */
export const privacy = {
  scan: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/privacy/scan/:target/:id",
        summary:
          "The privacy check of what would leave: a conversation before posting, sharing or exporting it (its id), a post before its public link " +
          "opens (post_link, its id)",
        description:
          "Send the text_hash back as privacy_hash, with the ids of the findings to redact as redact, on the request that makes it leave. Before " +
          "posting, send the post's description too (description, in the query): it leaves with the messages and is checked as the last of them.",
      },
    })
    .input(privacyInputs.scan)
    .output(answer(privacyOutputs.scan))
    .use(rateLimit("check"))
    .use(loadUser)
    .query(({ ctx, input }) => scanOutgoingTarget(ctx.db, ctx.user, input.target, input.id, ctx.now(), input.description)),
} satisfies TRPCRouterRecord;
