import { createFileRoute } from "@tanstack/react-router";
import { PageIntro } from "../../components/page-intro";
import { UpcomingNotice } from "../../components/upcoming-notice";

/** The community feed (spec §2 Discover). */
export const Route = createFileRoute("/_authed/discover")({
  component: DiscoverPage,
});

function DiscoverPage() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <PageIntro title="Discover" subtitle="Explore conversations and insights from the AI community" />
      <UpcomingNotice>The community feed is coming soon: conversations people publish will appear here.</UpcomingNotice>
    </section>
  );
}
