import { postInputs } from "@parley/contracts";
import { loadViewer, protectedProcedure, rateLimit, router } from "../../kit/trpc";
import { downloadVotes } from "./download";
import { getLeaderboard } from "./leaderboard";

/** The leaderboard and its votes (post.leaderboard, post.leaderboardVotes): served from the last background fit. */
export const verdictsRouter = router({
  leaderboard: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/post/leaderboard",
        summary: "Models ranked by their rating from the blind votes, with 95% intervals, rank ranges and the pairwise win rates",
        description:
          "Served from the last background fit (refitted every LEADERBOARD_REFIT_SECONDS; docs/leaderboard.md). `style=true` is the style-controlled view; `promptId` counts the pairwise matrix over that prompt's votes.",
      },
    })
    .input(postInputs.leaderboard)
    .use(loadViewer)
    .query(({ ctx, input }) => getLeaderboard(ctx.db, ctx.user.id, input)),
  leaderboardVotes: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/post/leaderboard/votes",
        summary: "Download the counted votes, anonymised, as JSON or CSV (hashed comparison id, models in the order shown, choice, category, day, each answer's style measures)",
        description:
          "No voter and no text. `comparison` is an HMAC of the comparison under a key kept in the database: the same on every server and after a restart. Per answer in shown order, `lengths` and `markdown` (CSV: `length_a`..`length_d`, `markdown_a`..`markdown_d`) are its length and markdown count relative to the vote's others, (s − mean) / (mean + 1), as the style-controlled view uses them before dividing by their standard deviation; null (CSV: empty) when not known (docs/leaderboard.md).",
        download: true,
      },
    })
    .input(postInputs.leaderboardVotes)
    .use(rateLimit("export"))
    .query(({ ctx, input }) => downloadVotes(ctx.db, input.format, ctx.now())),
});
