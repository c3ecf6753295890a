import { createFileRoute } from "@tanstack/react-router";
import { PageIntro } from "../../components/page-intro";
import { UpcomingNotice } from "../../components/upcoming-notice";

/** The chat screen (spec §2 /chat). */
export const Route = createFileRoute("/_authed/chat/")({
  component: ChatPage,
});

function ChatPage() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <PageIntro title="Chat" />
      <UpcomingNotice>The chat screen is coming soon.</UpcomingNotice>
    </section>
  );
}
