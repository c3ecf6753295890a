import { createFileRoute } from "@tanstack/react-router";
import { answerKeyOf, validateAnswerSearch, type AnswerSearch } from "../lib/answers/answer-search";
import { PublicPage } from "../features/reach/public-page";

/**
 * `from=sign-in`: the reader signed in from this page and goes on to the conversation's share.
 * `answer`: a link to one answer (docs/reach.md, 'Links to one answer').
 */
type PublicSessionSearch = { from?: "sign-in" } & AnswerSearch;

/** A shared conversation opened through its public link: no sign-in needed. */
export const Route = createFileRoute("/s/$token")({
  validateSearch: (search: Record<string, unknown>): PublicSessionSearch => ({
    ...(search.from === "sign-in" ? { from: "sign-in" as const } : {}),
    ...validateAnswerSearch(search),
  }),
  component: PublicSessionRoute,
});

function PublicSessionRoute() {
  const { token } = Route.useParams();
  const search = Route.useSearch();
  const answer = answerKeyOf(search);
  return <PublicPage key={token} kind="conversation" token={token} fromSignIn={search.from === "sign-in"} target={answer} />;
}
