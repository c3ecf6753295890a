import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { LandingPage } from "../features/landing/landing-page";
import { useAuth } from "../lib/auth";

export const Route = createFileRoute("/")({
  component: Home,
});

function Home() {
  const auth = useAuth();
  const navigate = useNavigate();
  // Signed-in people are already members: joining means opening the feed.
  const join = () => (auth.isSignedIn ? void navigate({ to: "/discover" }) : void auth.client.signIn({ returnTo: "/discover", signUp: true }));
  return <LandingPage onJoin={join} />;
}
