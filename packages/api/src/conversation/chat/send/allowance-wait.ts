import { setTimeout as sleep } from "node:timers/promises";
import type { Database } from "@parley/db";
import { AllowanceRefusal, allowanceOutlook, exhaustedMessage } from "../../../account/subscription/allowance";

/** How often a send waiting for the allowance its user's replies in flight hold looks again: first, and at most. */
const HELD_ALLOWANCE_POLL_MS = 50;
const HELD_ALLOWANCE_POLL_MAX_MS = 500;

/**
 * Runs `attempt` (which stores a message and reserves its allowance, or throws). An attempt
 * refused for its allowance is not the last word: the user's other replies in flight hold part
 * of the allowance and give back what they do not spend when they end, and the attempt may have
 * seen the balance while another send's reservation or release was still being written. So what
 * is left and what is held are read again together: when what is left covers the message it is
 * tried again at once, when the holds could still free enough it waits for them, however long
 * they take (a reply ends by its time-out, a stopped server's holds are settled), and only when
 * neither could cover it does the refusal stand, saying what is left. A send whose caller went
 * away stops waiting.
 */
export async function whenAllowanceFrees<T>(deps: { db: Database; now: () => Date }, attempt: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  let pause = HELD_ALLOWANCE_POLL_MS;
  let atOnce = 0;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof AllowanceRefusal) || signal?.aborted) throw error;
      const outlook = await allowanceOutlook(deps.db, error.userId, deps.now());
      if (!outlook) throw error;
      // Without a known need, any hold may free enough.
      const needs = error.needs?.tokens ?? outlook.left + 1;
      if (outlook.left < needs && (outlook.held === 0 || outlook.left + outlook.held < needs)) {
        throw new AllowanceRefusal(exhaustedMessage(outlook.plan, outlook.allowed, outlook.left, error.needs), error.userId, error.needs);
      }
      // Enough is left already: again at once (a few times, then at the pace of the waits).
      if (outlook.left >= needs && atOnce++ < 3) continue;
      await sleep(pause, undefined, signal ? { signal } : undefined).catch(() => undefined);
      if (signal?.aborted) throw error;
      pause = Math.min(pause * 2, HELD_ALLOWANCE_POLL_MAX_MS);
    }
  }
}
