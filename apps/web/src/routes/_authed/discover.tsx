import { createFileRoute } from "@tanstack/react-router";
import { DiscoverPage } from "../../features/posts/discover-page";

/** The community feed (spec §2 Discover). */
export const Route = createFileRoute("/_authed/discover")({
  component: DiscoverPage,
});
