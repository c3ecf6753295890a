import { useId, useState } from "react";
import { Link } from "@tanstack/react-router";
import { TRPCClientError } from "@trpc/client";
import { LINK_MESSAGES } from "@parley/contracts";
import { messageOf, trpc } from "../lib/trpc";
import { buttonClass } from "./button-styles";
import { LINK_TEXTS } from "./link-texts";

/** Why a public link did not open: it expired or reached its view limit (410), or it waits for its password (403). */
export type ClosedLink = "gone" | "locked";

/** The closed-link reason of a public read's error; null for any other error (a wrong link, a failure). */
export function closedLinkOf(error: unknown): ClosedLink | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { httpStatus?: unknown; code?: unknown } | undefined;
  if (data?.httpStatus === 410) return "gone";
  if (data?.code === "FORBIDDEN") return "locked";
  return null;
}

/** Which link to unlock: a public link by its token, or a conversation's share by its id. */
export type LockedLink = { token: string } | { sessionId: number };

/**
 * A link that did not open (a public link, or a share read signed in): an expired one says so;
 * a protected one asks for its password (the server then keeps the link open for this browser
 * session) and `onUnlocked` reads it again.
 */
export function LinkClosed({ reason, link, onUnlocked }: { reason: ClosedLink; link: LockedLink; onUnlocked: () => void }) {
  const passwordId = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const handlers = {
    onSuccess: () => {
      setError(null);
      onUnlocked();
    },
    onError: (failure: unknown) => setError(messageOf(failure)),
  };
  const unlockPublic = trpc.publicLink.unlock.useMutation(handlers);
  const unlockShare = trpc.publicLink.unlockShare.useMutation(handlers);
  const unlock = {
    isPending: unlockPublic.isPending || unlockShare.isPending,
    mutate: (entered: string) =>
      "token" in link ? unlockPublic.mutate({ token: link.token, password: entered }) : unlockShare.mutate({ sessionId: link.sessionId, password: entered }),
  };
  if (reason === "gone") {
    return (
      <section className="mx-auto w-full max-w-xl px-4 py-20 text-center sm:px-6" aria-labelledby="link-closed-title">
        <h1 id="link-closed-title" className="text-2xl font-bold text-zinc-950 dark:text-white">
          {LINK_TEXTS.expiredTitle}
        </h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-300">{LINK_MESSAGES.gone}</p>
        <Link to="/" className={buttonClass("secondary", "md", "mt-8")}>
          {LINK_TEXTS.backHome}
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto w-full max-w-md px-4 py-20 sm:px-6" aria-labelledby="link-closed-title">
      <h1 id="link-closed-title" className="text-center text-2xl font-bold text-zinc-950 dark:text-white">
        {LINK_TEXTS.lockedTitle}
      </h1>
      <p className="mt-3 text-center text-zinc-600 dark:text-zinc-300">{LINK_MESSAGES.passwordRequired}</p>
      <form
        className="mt-6 flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (password.length > 0) unlock.mutate(password);
        }}
      >
        <label htmlFor={passwordId} className="text-sm font-medium text-zinc-800 dark:text-zinc-100">
          {LINK_TEXTS.unlockLabel}
        </label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        />
        <button type="submit" className={buttonClass("primary", "md")} disabled={unlock.isPending}>
          {unlock.isPending ? LINK_TEXTS.unlocking : LINK_TEXTS.unlock}
        </button>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
