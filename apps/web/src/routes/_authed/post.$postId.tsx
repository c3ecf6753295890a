import { createFileRoute } from "@tanstack/react-router";
import { PostPage } from "../../features/posts/post-page";

/** A single post (spec §2 /post/{postId}; the id is parsed as an integer, §5). */
export const Route = createFileRoute("/_authed/post/$postId")({
  component: PostRoute,
});

function PostRoute() {
  const { postId } = Route.useParams();
  const id = Number.parseInt(postId, 10);
  return <PostPage key={id} postId={Number.isSafeInteger(id) ? id : 0} />;
}
