import { createFileRoute } from "@tanstack/react-router";
import { PageIntro } from "../../components/page-intro";
import { UpcomingNotice } from "../../components/upcoming-notice";

/** A shared conversation in read-only mode (spec §2 /chat/share/{sessionId}). */
export const Route = createFileRoute("/_authed/chat/share/$sessionId")({
  component: SharedChatPage,
});

function SharedChatPage() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6">
      <PageIntro title="Shared Chat (Read-only)" />
      <UpcomingNotice>Shared conversations will open here soon.</UpcomingNotice>
    </section>
  );
}
