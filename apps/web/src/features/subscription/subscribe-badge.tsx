import { useEffect } from "react";
import { Link } from "@tanstack/react-router";
import { planBadgeLabel } from "@parley/contracts";
import { trpc } from "../../lib/trpc";

const STORAGE_KEY = "subscriptionInfo";

/**
 * The nav's subscribe button: the plan and tokens left ('Pro (1200 tokens left)' ✓ for
 * subscribers), 'Subscribe' until that is known; opens the subscription tab. A send (chat or
 * compare) invalidates `subscription.current` when its reply ends, so the figure follows without
 * a reload; the last answer is kept in session storage.
 */
export function SubscribeBadge({ placement = "nav" }: { placement?: "nav" | "menu" }) {
  const current = trpc.subscription.current.useQuery(undefined, { retry: false });
  const data = current.data;
  const info = data ? { isSubscribed: data.plan !== "free", plan: planBadgeLabel(data.plan, data.tokens_left) } : readCached();
  useEffect(() => {
    if (data) sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ isSubscribed: data.plan !== "free", plan: planBadgeLabel(data.plan, data.tokens_left) }));
    // A failed load is only logged; the badge keeps what it showed.
    if (current.error) console.error("Loading the subscription failed", current.error);
  }, [data, current.error]);

  return (
    <Link
      to="/admin"
      search={{ tab: "subscription" }}
      // In the bar from the width where the bar has its tabs (md); below that in the menu.
      className={`${placement === "nav" ? "hidden md:inline-flex" : "inline-flex"} h-9 items-center gap-1.5 whitespace-nowrap rounded-full border border-brand-200 bg-brand-50 px-3 text-sm font-medium text-brand-800 hover:bg-brand-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100`}
    >
      {info ? (
        <>
          {info.plan}
          {info.isSubscribed && <span aria-label="subscribed">✓</span>}
        </>
      ) : (
        "Subscribe"
      )}
    </Link>
  );
}

function readCached(): { isSubscribed: boolean; plan: string } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null") as { isSubscribed?: unknown; plan?: unknown } | null;
    return value && typeof value.plan === "string" ? { isSubscribed: value.isSubscribed === true, plan: value.plan } : null;
  } catch {
    return null;
  }
}
