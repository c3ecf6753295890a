import { useState } from "react";
import { PLAN_FEATURES, PLANS, type PlanId } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { trpc } from "../../lib/trpc";
import { planCardAction } from "./plan-card-action";
import { SUBSCRIPTION_TEXTS } from "./texts";

type Paid = Exclude<PlanId, "free">;

/**
 * The two plans with their prices and features, Pro marked 'Popular'. Buying goes to
 * Stripe Checkout; subscribers see their current plan and change plans with 'Manage
 * Subscription' (the Billing Portal). `currentPlan` is undefined while it loads.
 */
export function PlanCards({ currentPlan }: { currentPlan: PlanId | undefined }) {
  const config = trpc.subscription.config.useQuery();
  const checkout = trpc.subscription.checkout.useMutation();
  const portal = trpc.subscription.portal.useMutation();
  const [buying, setBuying] = useState<Paid | null>(null);

  if (config.isPending) return <p role="status">{SUBSCRIPTION_TEXTS.loading}</p>;
  if (config.error) return <p className="text-red-700 dark:text-red-300">{SUBSCRIPTION_TEXTS.loadFailed}</p>;
  const prices: Record<Paid, string | null> = { basic: config.data.basicPrice, pro: config.data.proPrice };

  const buy = async (plan: Paid) => {
    const priceId = prices[plan];
    if (!priceId) return;
    setBuying(plan);
    try {
      const { url } = await checkout.mutateAsync({ price_id: priceId });
      window.location.assign(url);
    } catch (error) {
      window.alert(error instanceof Error ? SUBSCRIPTION_TEXTS.checkoutFailed : SUBSCRIPTION_TEXTS.unexpected);
      setBuying(null);
    }
  };
  const manage = async () => {
    try {
      const { url } = await portal.mutateAsync({ session_id: "" });
      window.location.assign(url);
    } catch {
      window.alert(SUBSCRIPTION_TEXTS.manageFailed);
    }
  };

  return (
    <div className="space-y-4">
      {!config.data.enabled && (
        <p className="rounded-2xl border border-dashed border-zinc-300 px-5 py-4 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-300">
          {SUBSCRIPTION_TEXTS.notConfigured} Chats with your own API keys are never metered.
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {(["basic", "pro"] as const).map((plan) => (
          <section
            key={plan}
            aria-label={`${PLANS[plan].label} plan`}
            className={`relative rounded-2xl border p-6 ${plan === "pro" ? "border-brand-400 shadow-lg shadow-brand-600/10 dark:border-brand-700" : "border-zinc-200 dark:border-zinc-800"}`}
          >
            {plan === "pro" && <span className="absolute -top-3 right-5 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">Popular</span>}
            <h3 className="text-lg font-semibold">{PLANS[plan].label}</h3>
            <p className="mt-1">
              <span className="text-3xl font-bold tracking-tight">${PLANS[plan].priceUsd}</span>
              <span className="text-zinc-600 dark:text-zinc-400">/month</span>
            </p>
            <ul className="mt-4 space-y-1.5 text-sm text-zinc-700 dark:text-zinc-300">
              {PLAN_FEATURES[plan].map((feature) => (
                <li key={feature}>✓ {feature}</li>
              ))}
            </ul>
            {config.data.enabled && <PlanCardButton plan={plan} action={planCardAction(currentPlan, plan)} buying={buying} onBuy={() => void buy(plan)} />}
          </section>
        ))}
      </div>
      {config.data.enabled && currentPlan !== undefined && currentPlan !== "free" && (
        <button type="button" onClick={() => void manage()} disabled={portal.isPending} className={buttonClass("secondary", "md")}>
          {portal.isPending ? "Redirecting..." : "Manage Subscription"}
        </button>
      )}
    </div>
  );
}

function PlanCardButton({ plan, action, buying, onBuy }: { plan: Paid; action: ReturnType<typeof planCardAction>; buying: Paid | null; onBuy: () => void }) {
  if (action === "manage") return <p className="mt-5 text-sm text-zinc-600 dark:text-zinc-400">To switch to {PLANS[plan].label}, use Manage Subscription.</p>;
  return (
    <button
      type="button"
      disabled={action !== "choose" || buying !== null}
      onClick={onBuy}
      className={buttonClass(plan === "pro" ? "primary" : "secondary", "md", "mt-5 w-full")}
    >
      {action === "current" ? "Current plan" : buying === plan ? "Processing..." : `Choose ${PLANS[plan].label}`}
    </button>
  );
}
