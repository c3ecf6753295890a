import { createFileRoute } from "@tanstack/react-router";
import { PromptPage } from "../../features/prompts/prompt-page";

/** The route's id as an integer; anything that is not a positive one shows 'Prompt Not Found'. */
function parsePromptId(raw: string): number {
  const id = Number.parseInt(raw, 10);
  return Number.isSafeInteger(id) && id > 0 && String(id) === raw ? id : 0;
}

/** A prompt's page; the prompt is fetched while the route loads. */
export const Route = createFileRoute("/_authed/prompt/$id")({
  loader: async ({ context, params }) => {
    const id = parsePromptId(params.id);
    // A missing prompt is not a route error: the page says 'Prompt Not Found' itself.
    if (id > 0) await context.trpc.prompt.get.prefetch({ id });
  },
  component: PromptRoute,
});

function PromptRoute() {
  const id = parsePromptId(Route.useParams().id);
  return <PromptPage key={id} promptId={id} />;
}
