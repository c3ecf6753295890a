import { createFileRoute } from "@tanstack/react-router";
import { DiscoverTabs } from "../../features/posts/discover-tabs";
import { DiscoverPromptsPage } from "../../features/prompts/discover-prompts-page";
import { discoverInput } from "../../features/prompts/inputs";

/** Discover's Prompts tab; the first trending page is fetched while the route loads. */
export const Route = createFileRoute("/_authed/discover_/prompts")({
  loader: ({ context }) => context.trpc.prompt.discover.prefetchInfinite(discoverInput("trending")),
  component: DiscoverPromptsRoute,
});

function DiscoverPromptsRoute() {
  return <DiscoverPromptsPage tabs={<DiscoverTabs current="prompts" />} />;
}
