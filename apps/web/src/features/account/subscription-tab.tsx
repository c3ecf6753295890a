import { PLANS } from "@parley/contracts";
import { Spinner } from "../../components/spinner";
import { messageOf, trpc } from "../../lib/trpc";
import { PlanCards } from "./plan-cards-slot";

/** Subscription tab: the plans, checkout and portal, and this month's allowance. */
export function SubscriptionTab() {
  const current = trpc.subscription.current.useQuery();
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold tracking-tight">Subscription Plans</h2>
      {/* Unknown while loading; after a failed load, checkout still refuses a second subscription. */}
      <PlanCards currentPlan={current.data?.plan ?? (current.error ? "free" : undefined)} />
      {current.isPending ? (
        <p className="flex items-center gap-3 text-sm text-zinc-600 dark:text-zinc-300" role="status">
          <Spinner size="sm" /> Loading your plan…
        </p>
      ) : current.error ? (
        <p className="text-sm text-red-700 dark:text-red-300">Could not load your plan: {messageOf(current.error)}</p>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3">
          <Figure label="Your plan" value={PLANS[current.data.plan].label} />
          <Figure label="Tokens left this month" value={current.data.tokens_left.toLocaleString()} />
          <Figure label="Renews on" value={new Date(current.data.period_ends_at).toLocaleDateString()} />
        </dl>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight">{value}</dd>
    </div>
  );
}
