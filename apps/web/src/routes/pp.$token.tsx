import { createFileRoute } from "@tanstack/react-router";
import { PublicPromptPage } from "../features/prompts/public-prompt-page";

/** A prompt opened through its public link: no sign-in needed. */
export const Route = createFileRoute("/pp/$token")({
  component: PublicPromptRoute,
});

function PublicPromptRoute() {
  const { token } = Route.useParams();
  return <PublicPromptPage key={token} token={token} />;
}
