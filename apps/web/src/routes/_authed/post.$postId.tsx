import { createFileRoute } from "@tanstack/react-router";
import { PageIntro } from "../../components/page-intro";
import { UpcomingNotice } from "../../components/upcoming-notice";

/** One community post (spec §2 /post/{postId}). */
export const Route = createFileRoute("/_authed/post/$postId")({
  component: PostPage,
});

function PostPage() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <PageIntro title="Post" subtitle="View this shared conversation" />
      <UpcomingNotice>Community posts are coming soon.</UpcomingNotice>
    </section>
  );
}
