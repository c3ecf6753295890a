import { PLANS } from "@parley/contracts";
import type { ReactNode } from "react";
import { GaugeIcon, KeyIcon, ServerIcon, ShieldIcon } from "../../components/icons";

const tokens = (count: number) => count.toLocaleString("en-US");

const HIGHLIGHTS: { title: string; body: string; icon: ReactNode }[] = [
  {
    title: "Runs on your server",
    body: "One command starts Parley with its own database. An offline demo model lets you try everything before you add a single key.",
    icon: <ServerIcon />,
  },
  {
    title: "Your keys stay yours",
    body: "Use your own OpenAI and Claude keys. They are encrypted at rest, shown only as their last four characters, and sent only to their own provider.",
    icon: <KeyIcon />,
  },
  {
    title: "Sign in your way",
    body: "Built-in accounts out of the box, or any OpenID Connect provider your team already uses: Keycloak, Auth0, Okta, Entra ID and more.",
    icon: <ShieldIcon />,
  },
  {
    title: "Fair use built in",
    body: `Every account gets ${tokens(PLANS.free.monthlyTokens)} free tokens a month on the platform's models; ${PLANS.basic.label} and ${PLANS.pro.label} raise that to ${tokens(PLANS.basic.monthlyTokens)} and ${tokens(PLANS.pro.monthlyTokens)}. Your own keys are never metered.`,
    icon: <GaugeIcon />,
  },
];

/** Why Parley is easy to run and to trust. */
export function Highlights() {
  return (
    <section aria-labelledby="highlights-title" className="border-t border-zinc-200/70 bg-zinc-50 py-20 sm:py-28 dark:border-zinc-800/70 dark:bg-zinc-900/40">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-600 dark:text-brand-400">Built to be yours</p>
          <h2 id="highlights-title" className="mt-3 text-3xl font-bold tracking-tight text-zinc-950 sm:text-4xl dark:text-white">
            Host it yourself. Keep your data and your keys.
          </h2>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {HIGHLIGHTS.map((item) => (
            <li key={item.title} className="rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
                {item.icon}
              </span>
              <h3 className="mt-4 font-semibold text-zinc-950 dark:text-white">{item.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">{item.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
