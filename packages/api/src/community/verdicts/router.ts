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
        summary: "Download the counted votes, anonymised, as JSON or CSV (models in the order shown, choice, category, each answer's style measures; the comparison's hashed id and the day for comparisons whose models the caller knows)",
        description:
          "No voter and no text, sorted by what each vote says. `comparison` (an HMAC of the comparison under a key kept in the database: the same on every server and after a restart) and `day` are given only for a comparison whose models the caller knows (made, voted on, known from its blind set, or their own battle), null otherwise. Per answer in shown order, `lengths` and `markdown` (CSV: `length_a`..`length_d`, `markdown_a`..`markdown_d`) are its length and markdown count relative to the vote's others, (s − mean) / (mean + 1), rounded to 0.5, exactly as the style-controlled view uses them before dividing by their standard deviation; null (CSV: empty) when not known or when fewer than 5 comparisons share the vote's figures (docs/leaderboard.md).",
        download: true,
      },
    })
    .input(postInputs.leaderboardVotes)
    .use(rateLimit("export"))
    .use(loadViewer)
    .query(({ ctx, input }) => downloadVotes(ctx.db, ctx.user.id, input.format, ctx.now())),
});
