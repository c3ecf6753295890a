import { createFileRoute } from "@tanstack/react-router";
import { PublicPage } from "../features/reach/public-page";

/** A post opened through its public link: no sign-in needed. */
export const Route = createFileRoute("/p/$token")({
  component: PublicPostRoute,
});

function PublicPostRoute() {
  const { token } = Route.useParams();
  return <PublicPage key={token} kind="post" token={token} />;
}
