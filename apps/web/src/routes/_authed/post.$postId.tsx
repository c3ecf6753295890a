import { createFileRoute } from "@tanstack/react-router";
import { answerKeyOf, validateAnswerSearch, type AnswerSearch } from "../../lib/answers/answer-search";
import { AnswerComments } from "../../features/comments/answer-comments";
import { CommentsSection } from "../../features/comments/comments-section";
import { PostPage } from "../../features/posts/post-page";
import { PostTools } from "../../features/reach/session-tools";

/** The route's id as an integer; anything that is not a positive one shows 'Post Not Found'. */
function parsePostId(raw: string): number {
  const id = Number.parseInt(raw, 10);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** `?answer=<key>`: a link to one answer of the post (docs/reach.md, 'Links to one answer'). */
type PostSearch = AnswerSearch;

/** A single post with its comments; the post is fetched while the route loads. */
export const Route = createFileRoute("/_authed/post/$postId")({
  validateSearch: (search: Record<string, unknown>): PostSearch => validateAnswerSearch(search),
  loader: async ({ context, params }) => {
    const id = parsePostId(params.postId);
    // A missing post is not a route error: the page says 'Post Not Found' itself.
    if (id > 0) await context.trpc.post.byId.prefetch({ id });
  },
  component: PostRoute,
});

function PostRoute() {
  const id = parsePostId(Route.useParams().postId);
  const answer = answerKeyOf(Route.useSearch());
  return (
    <PostPage
      key={id}
      postId={id}
      target={answer}
      answerSlot={({ key, label }) => <AnswerComments key={key} postId={id} answer={key} label={label} />}
      comments={
        <>
          <PostTools postId={id} />
          <CommentsSection key={id} postId={id} />
        </>
      }
    />
  );
}
