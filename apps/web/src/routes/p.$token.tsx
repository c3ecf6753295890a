import { createFileRoute } from "@tanstack/react-router";
import { answerKeyOf, validateAnswerSearch, type AnswerSearch } from "../lib/answers/answer-search";
import { PublicPage } from "../features/reach/public-page";

/** A post opened through its public link: no sign-in needed. */
export const Route = createFileRoute("/p/$token")({
  /** `answer`: a link to one answer (docs/reach.md, 'Links to one answer'). */
  validateSearch: (search: Record<string, unknown>): AnswerSearch => validateAnswerSearch(search),
  component: PublicPostRoute,
});

function PublicPostRoute() {
  const { token } = Route.useParams();
  const answer = answerKeyOf(Route.useSearch());
  return <PublicPage key={token} kind="post" token={token} target={answer} />;
}
