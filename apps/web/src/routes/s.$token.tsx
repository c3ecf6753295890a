import { createFileRoute } from "@tanstack/react-router";
import { PublicPage } from "../features/reach/public-page";

/** `from=sign-in`: the reader signed in from this page and goes on to the conversation's share. */
type PublicSessionSearch = { from?: "sign-in" };

/** A shared conversation opened through its public link: no sign-in needed. */
export const Route = createFileRoute("/s/$token")({
  validateSearch: (search: Record<string, unknown>): PublicSessionSearch => (search.from === "sign-in" ? { from: "sign-in" } : {}),
  component: PublicSessionRoute,
});

function PublicSessionRoute() {
  const { token } = Route.useParams();
  const { from } = Route.useSearch();
  return <PublicPage key={token} kind="conversation" token={token} fromSignIn={from === "sign-in"} />;
}
