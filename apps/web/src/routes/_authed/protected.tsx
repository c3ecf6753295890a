import { createFileRoute } from "@tanstack/react-router";
import { DemoMessage } from "../../features/demo/demo-message";
import { trpc } from "../../lib/trpc";

/** The signed-in demo page: the API answers only with a valid access token. */
export const Route = createFileRoute("/_authed/protected")({
  loader: ({ context }) => context.trpc.messages.protected.ensureData(),
  component: ProtectedPage,
});

function ProtectedPage() {
  const [message] = trpc.messages.protected.useSuspenseQuery();
  return (
    <DemoMessage
      badge="Signed in only"
      title="Protected message"
      description="This page calls the API with your access token. Visitors who are not signed in are sent to sign in first."
      message={message.text}
    />
  );
}
