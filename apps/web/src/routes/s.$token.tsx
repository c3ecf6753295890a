import { createFileRoute } from "@tanstack/react-router";
import { PublicPage } from "../features/reach/public-page";

/** A shared conversation opened through its public link: no sign-in needed. */
export const Route = createFileRoute("/s/$token")({
  component: PublicSessionRoute,
});

function PublicSessionRoute() {
  const { token } = Route.useParams();
  return <PublicPage key={token} kind="conversation" token={token} />;
}
