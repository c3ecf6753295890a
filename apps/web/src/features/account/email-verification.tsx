import { useState } from "react";
import { buttonClass } from "../../components/button-styles";
import { profileOf, useAuth } from "../../lib/auth";
import { messageOf, trpc } from "../../lib/trpc";

export const VERIFY_TEXTS = {
  byLink:
    "Parley's own sign-in sends no e-mail. Whoever runs this Parley verifies addresses with a link the server writes to its log: ask them to open yours or to send it to you, or ask for a new one here.",
  byProvider: (provider: string | null) =>
    `Your sign-in provider${provider ? ` (${provider})` : ""} verifies your address: verify it there (look for its e-mail), then choose 'Check again'. If it still says Not Verified, sign out and in again first.`,
  requestLink: "Request a verification link",
  checkAgain: "Check again",
  requested: (email: string) =>
    `A new verification link for ${email} is in the server's log; the one before it no longer works. Once whoever runs this Parley has opened it (or you have, from them), choose 'Check again'.`,
  stillUnverified: "Your address is not verified yet.",
  verified: "Your address is verified.",
} as const;

/**
 * What an unverified address can do from the profile: with the embedded sign-in (which sends no
 * mail) ask for a new verification link in the server's log; with another provider, verify it
 * there. 'Check again' reads the account afresh (and, with another provider, its profile from it).
 */
export function EmailVerification() {
  const utils = trpc.useUtils();
  const { user } = useAuth();
  const how = trpc.user.verification.useQuery();
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const request = trpc.user.requestVerification.useMutation({
    onSuccess: (made) => setStatus({ text: VERIFY_TEXTS.requested(made.email) }),
    onError: (failure) => setStatus({ text: messageOf(failure), error: true }),
  });
  const setup = trpc.user.setup.useMutation();
  const [checking, setChecking] = useState(false);
  const link = how.data?.method === "link";

  const check = async () => {
    setChecking(true);
    setStatus(null);
    try {
      // Another provider's word on the address comes with its profile: the account takes it again.
      // The embedded sign-in marks the account itself when its link is opened.
      if (!link && user) {
        const { sub: _sub, ...profile } = profileOf(user);
        await setup.mutateAsync({ user: profile });
      }
      await Promise.all([utils.user.settings.invalidate(), utils.user.verification.invalidate()]);
      setStatus({ text: utils.user.settings.getData()?.email_verified ? VERIFY_TEXTS.verified : VERIFY_TEXTS.stillUnverified });
    } catch (failure) {
      setStatus({ text: messageOf(failure), error: true });
    } finally {
      setChecking(false);
    }
  };

  if (!how.data) return null;
  return (
    <div
      role="region"
      aria-label="Verify your address"
      className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p>{link ? VERIFY_TEXTS.byLink : VERIFY_TEXTS.byProvider(how.data.provider)}</p>
      <div className="flex flex-wrap gap-2">
        {link && (
          <button type="button" className={buttonClass("primary", "sm")} disabled={request.isPending} onClick={() => request.mutate()}>
            {VERIFY_TEXTS.requestLink}
          </button>
        )}
        <button type="button" className={buttonClass("secondary", "sm")} disabled={checking} onClick={() => void check()}>
          {VERIFY_TEXTS.checkAgain}
        </button>
      </div>
      {status && (
        <p role={status.error ? "alert" : "status"} className={status.error ? "text-red-700 dark:text-red-300" : ""}>
          {status.text}
        </p>
      )}
    </div>
  );
}
