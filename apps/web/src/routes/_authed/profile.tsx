import { createFileRoute } from "@tanstack/react-router";
import type { PlanId } from "@parley/contracts";
import { AccountPage } from "../../features/account/account-page";
import { activeAccountTab, parseAccountSearch } from "../../features/account/account-tabs";
import { SHARED_LINKS_TAB } from "../../features/reach/shared-links-tab";
import { PlanCards } from "../../features/subscription/plan-cards";

/** The profile screen; /admin is the same screen. */
export const Route = createFileRoute("/_authed/profile")({
  validateSearch: parseAccountSearch,
  loader: ({ context }) => context.trpc.user.settings.ensureData(),
  component: ProfilePage,
});

/** The Shared links tab (every link the person made) comes from the reach feature; /admin shows it too. */
const extraTabs = [SHARED_LINKS_TAB];

/** The Subscription tab's plan cards come from the subscription feature. */
const planCards = (currentPlan: PlanId | undefined) => <PlanCards currentPlan={currentPlan} />;

function ProfilePage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AccountPage
      tab={activeAccountTab(search, extraTabs)}
      onTabChange={(tab) => void navigate({ search: { tab }, replace: true })}
      planCards={planCards}
      extraTabs={extraTabs}
    />
  );
}
