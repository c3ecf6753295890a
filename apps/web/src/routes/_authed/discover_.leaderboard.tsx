import { createFileRoute } from "@tanstack/react-router";
import { LeaderboardPage } from "../../features/posts/leaderboard-page";

/** Discover's leaderboard of models by votes won on comparison posts; the overall board is fetched while the route loads. */
export const Route = createFileRoute("/_authed/discover_/leaderboard")({
  loader: ({ context }) => context.trpc.post.leaderboard.prefetch({}),
  component: LeaderboardPage,
});
