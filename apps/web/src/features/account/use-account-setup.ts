import { useCallback, useEffect, useRef } from "react";
import { profileOf, useAuth } from "../../lib/auth";
import { trpc } from "../../lib/trpc";

/**
 * Runs account setup once (guarded against repeats; React's strict mode runs effects
 * twice in development), then calls `onDone`. A failure is logged and shown, with no redirect;
 * `retry` runs it again.
 */
export function useAccountSetup(onDone: () => void) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const { mutateAsync, error, isPending } = trpc.user.setup.useMutation();
  const started = useRef(false);

  const run = useCallback(async () => {
    if (!user) return;
    const { sub: _sub, ...profile } = profileOf(user);
    try {
      await mutateAsync({ user: profile });
      // The setup check reads user.settings: refresh it first so it sees the new account. The
      // subscribe badge asked before the account existed (and got 404): it asks again.
      void utils.subscription.current.invalidate();
      await utils.user.settings.invalidate();
      onDone();
    } catch (failure) {
      console.error("Account setup failed", failure);
    }
  }, [user, mutateAsync, utils, onDone]);

  useEffect(() => {
    if (!user || started.current) return;
    started.current = true;
    void run();
  }, [user, run]);

  return { error, isPending, retry: run };
}
