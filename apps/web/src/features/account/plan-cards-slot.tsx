import { createContext, useContext, type ReactNode } from "react";
import type { PlanId } from "@parley/contracts";

/** The plan cards of the Subscription tab; the route that shows the account screen supplies them. */
export type PlanCardsView = (currentPlan: PlanId | undefined) => ReactNode;

const PlanCardsSlot = createContext<PlanCardsView | null>(null);

export const PlanCardsProvider = PlanCardsSlot.Provider;

/** The plan cards supplied through PlanCardsProvider, for the current plan (undefined while it loads). */
export function PlanCards({ currentPlan }: { currentPlan: PlanId | undefined }) {
  const render = useContext(PlanCardsSlot);
  return render ? render(currentPlan) : null;
}
