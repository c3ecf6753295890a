import { createFileRoute } from "@tanstack/react-router";
import type { PlanId } from "@parley/contracts";
import { AccountPage } from "../../features/account/account-page";
import { activeAccountTab, parseAccountSearch } from "../../features/account/account-tabs";
import { useAdminTabs } from "../../features/admin/admin-tabs";
import { SHARED_LINKS_TAB } from "../../features/reach/shared-links-tab";
import { PlanCards } from "../../features/subscription/plan-cards";

/** The profile screen under its other name (the same tabs, Shared links among them); for admins, with the admin console's tabs too. */
export const Route = createFileRoute("/_authed/admin")({
  validateSearch: parseAccountSearch,
  loader: ({ context }) => context.trpc.user.settings.ensureData(),
  component: AdminPage,
});

/** The Subscription tab's plan cards come from the subscription feature. */
const planCards = (currentPlan: PlanId | undefined) => <PlanCards currentPlan={currentPlan} />;

function AdminPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const extraTabs = [SHARED_LINKS_TAB, ...useAdminTabs()];
  return (
    <AccountPage
      tab={activeAccountTab(search, extraTabs)}
      onTabChange={(tab) => void navigate({ search: { tab }, replace: true })}
      planCards={planCards}
      extraTabs={extraTabs}
    />
  );
}
