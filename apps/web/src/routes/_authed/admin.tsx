import { createFileRoute } from "@tanstack/react-router";
import type { PlanId } from "@parley/contracts";
import { AccountPage } from "../../features/account/account-page";
import { activeAccountTab, parseAccountSearch } from "../../features/account/account-tabs";
import { PlanCards } from "../../features/subscription/plan-cards";

/** The profile screen under its other name. */
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
  return (
    <AccountPage tab={activeAccountTab(search)} onTabChange={(tab) => void navigate({ search: { tab }, replace: true })} planCards={planCards} />
  );
}
