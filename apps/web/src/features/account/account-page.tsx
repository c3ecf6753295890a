import { Link } from "@tanstack/react-router";
import { buttonClass } from "../../components/button-styles";
import { PageIntro } from "../../components/page-intro";
import { trpc } from "../../lib/trpc";
import { AccessTokensSection } from "./access-tokens-section";
import { AccountTabList, panelId, tabId } from "./account-tab-list";
import { ACCOUNT_TABS, type ExtraTab } from "./account-tabs";
import { ApiKeysTab } from "./api-keys-tab";
import { PlanCardsProvider, type PlanCardsView } from "./plan-cards-slot";
import { ProfileTab } from "./profile-tab";
import { SubscriptionTab } from "./subscription-tab";

type AccountPageProps = { tab: string; onTabChange: (tab: string) => void; planCards: PlanCardsView; extraTabs?: readonly ExtraTab[] };

/**
 * The profile screen behind /profile and /admin, one tab at a time; the route supplies the plan
 * cards and any tabs of its own (the admin console's, for admins).
 */
export function AccountPage({ tab, onTabChange, planCards, extraTabs = [] }: AccountPageProps) {
  const [settings] = trpc.user.settings.useSuspenseQuery();
  const extra = extraTabs.find((entry) => entry.id === tab);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <PageIntro title="Your account" subtitle="Your profile, your own API keys and your plan.">
        <Link to="/prompts" className={buttonClass("secondary", "sm")}>
          Your prompts
        </Link>
      </PageIntro>
      <div className="mt-8">
        <AccountTabList tabs={[...ACCOUNT_TABS, ...extraTabs]} active={tab} onSelect={onTabChange} />
      </div>
      <div
        id={panelId(tab)}
        role="tabpanel"
        aria-labelledby={tabId(tab)}
        tabIndex={0}
        className="mt-6 rounded-3xl border border-zinc-200 bg-white p-6 outline-none sm:p-8 dark:border-zinc-800 dark:bg-zinc-950"
      >
        {tab === "profile" ? (
          <>
            <ProfileTab settings={settings} />
            <AccessTokensSection />
          </>
        ) : null}
        {tab === "api" ? <ApiKeysTab settings={settings} /> : null}
        {tab === "subscription" ? (
          <PlanCardsProvider value={planCards}>
            <SubscriptionTab />
          </PlanCardsProvider>
        ) : null}
        {extra?.panel}
      </div>
    </section>
  );
}
