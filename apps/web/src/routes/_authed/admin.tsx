import { createFileRoute } from "@tanstack/react-router";
import { AccountPage } from "../../features/account/account-page";
import { activeAccountTab, parseAccountSearch } from "../../features/account/account-tabs";

/** The profile screen under its other name (spec §2 /admin; open to every signed-in user, §6). */
export const Route = createFileRoute("/_authed/admin")({
  validateSearch: parseAccountSearch,
  loader: ({ context }) => context.trpc.user.settings.ensureData(),
  component: AdminPage,
});

function AdminPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AccountPage tab={activeAccountTab(search)} onTabChange={(tab) => void navigate({ search: { tab }, replace: true })} />;
}
