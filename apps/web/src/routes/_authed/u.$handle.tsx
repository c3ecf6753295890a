import { createFileRoute } from "@tanstack/react-router";
import { CreatorPage } from "../../features/posts/creator-page";
import { CreatorPrompts } from "../../features/prompts/creator-prompts";

/** A person's creator page with their public prompts; their profile is fetched while the route loads. */
export const Route = createFileRoute("/_authed/u/$handle")({
  loader: ({ context, params }) => context.trpc.creator.byHandle.prefetch({ handle: params.handle }),
  component: CreatorRoute,
});

function CreatorRoute() {
  const { handle } = Route.useParams();
  return <CreatorPage key={handle} handle={handle} extra={<CreatorPrompts handle={handle} />} />;
}
