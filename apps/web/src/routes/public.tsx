import { createFileRoute } from "@tanstack/react-router";
import { DemoMessage } from "../features/demo/demo-message";
import { trpc } from "../lib/trpc";

/** The open demo page: the public message from the API, no sign-in needed. */
export const Route = createFileRoute("/public")({
  loader: ({ context }) => context.trpc.messages.public.ensureData(),
  component: PublicPage,
});

function PublicPage() {
  const [message] = trpc.messages.public.useSuspenseQuery();
  return (
    <DemoMessage
      badge="Open to everyone"
      title="Public message"
      description="This page calls the API without signing in. Anyone can open it."
      message={message.text}
    />
  );
}
