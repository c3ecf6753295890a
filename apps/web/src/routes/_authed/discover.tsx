import { createFileRoute } from "@tanstack/react-router";
import { DiscoverPage } from "../../features/posts/discover-page";
import { feedInput } from "../../features/posts/use-feed";

/** The community feed; the first page is fetched while the route loads. */
export const Route = createFileRoute("/_authed/discover")({
  loader: ({ context }) => context.trpc.post.list.prefetchInfinite(feedInput("all")),
  component: DiscoverPage,
});
