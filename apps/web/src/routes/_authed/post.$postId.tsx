import { createFileRoute } from "@tanstack/react-router";
import { CommentsSection } from "../../features/comments/comments-section";
import { PostPage } from "../../features/posts/post-page";
import { PostTools } from "../../features/reach/session-tools";

/** The route's id as an integer; anything that is not a positive one shows 'Post Not Found'. */
function parsePostId(raw: string): number {
  const id = Number.parseInt(raw, 10);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

/** A single post with its comments; the post is fetched while the route loads. */
export const Route = createFileRoute("/_authed/post/$postId")({
  loader: async ({ context, params }) => {
    const id = parsePostId(params.postId);
    // A missing post is not a route error: the page says 'Post Not Found' itself.
    if (id > 0) await context.trpc.post.byId.prefetch({ id });
  },
  component: PostRoute,
});

function PostRoute() {
  const id = parsePostId(Route.useParams().postId);
  return (
    <PostPage
      key={id}
      postId={id}
      comments={
        <>
          <PostTools postId={id} />
          <CommentsSection key={id} postId={id} />
        </>
      }
    />
  );
}
