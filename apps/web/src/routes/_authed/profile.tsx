import { createFileRoute } from "@tanstack/react-router";
import { AccountPage } from "../../features/account/account-page";
import { activeAccountTab, parseAccountSearch } from "../../features/account/account-tabs";

/** The profile screen (spec §2 /profile); /admin is the same screen. */
export const Route = createFileRoute("/_authed/profile")({
  validateSearch: parseAccountSearch,
  loader: ({ context }) => context.trpc.user.settings.ensureData(),
  component: ProfilePage,
});

function ProfilePage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AccountPage tab={activeAccountTab(search)} onTabChange={(tab) => void navigate({ search: { tab }, replace: true })} />;
}
