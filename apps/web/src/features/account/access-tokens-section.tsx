import { useId, useState, type FormEvent } from "react";
import type { RouterOutputs } from "@parley/api";
import { ACCESS_TOKENS } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { LocalTime } from "../../lib/time/local-time";
import { messageOf, trpc } from "../../lib/trpc";
import { INPUT } from "./form-fields";

type Token = RouterOutputs["user"]["tokens"][number];
type Created = RouterOutputs["user"]["createToken"];

const MUTED = "text-sm text-zinc-600 dark:text-zinc-400";

/** The lifetimes offered for a new token, in days; "" is a token that never expires. */
const EXPIRY_CHOICES = [
  { value: "", label: "Never" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 1 year" },
] as const;

/**
 * Personal access tokens for scripts: make one (its secret is shown once), see when each was
 * last used, and revoke the ones no longer needed.
 */
export function AccessTokensSection() {
  const headingId = useId();
  const tokens = trpc.user.tokens.useQuery();
  const [created, setCreated] = useState<Created | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  return (
    <section aria-labelledby={headingId} className="mt-10 space-y-6 border-t border-zinc-200 pt-8 dark:border-zinc-800">
      <div className="space-y-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Access tokens
        </h2>
        <p className={MUTED}>
          Scripts can call the Parley API as you by sending <code>Authorization: Bearer &lt;token&gt;</code>. A token can do everything you can, except create
          more tokens; a read-only token can only read. Give a token an expiry, and revoke any token you no longer use.
        </p>
      </div>
      <CreateTokenForm
        onCreated={(token) => {
          setCreated(token);
          setStatus(null);
        }}
      />
      {created ? <NewTokenNotice token={created} onDone={() => setCreated(null)} /> : null}
      {status ? (
        <p role="status" className={MUTED}>
          {status}
        </p>
      ) : null}
      {tokens.isPending ? <p className={MUTED}>Loading your access tokens…</p> : null}
      {tokens.isError ? <p role="alert">Could not load your access tokens: {messageOf(tokens.error)}</p> : null}
      {tokens.data ? (
        tokens.data.length === 0 ? (
          <p className={MUTED}>You have no access tokens yet.</p>
        ) : (
          <ul aria-label="Your access tokens" className="divide-y divide-zinc-200 rounded-2xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {tokens.data.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                onRevoked={() => {
                  if (created?.id === token.id) setCreated(null);
                  setStatus(`Revoked “${token.name}”. Scripts using it can no longer sign in.`);
                }}
              />
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: Created) => void }) {
  const utils = trpc.useUtils();
  const inputId = useId();
  const expiryId = useId();
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState<string>("");
  const [readOnly, setReadOnly] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = trpc.user.createToken.useMutation({
    onSuccess: (token) => {
      setName("");
      setError(null);
      onCreated(token);
      void utils.user.tokens.invalidate();
    },
    onError: (failure) => setError(`Could not create the token: ${messageOf(failure)}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") {
      setError("Give the token a name, such as the script that will use it.");
      return;
    }
    create.mutate({ name, expires_in_days: expiry === "" ? null : Number(expiry), read_only: readOnly });
  };
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor={inputId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Token name
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          id={inputId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={ACCESS_TOKENS.nameMax}
          placeholder="e.g. Nightly export"
          aria-describedby={error ? `${inputId}-error` : undefined}
          aria-invalid={error ? true : undefined}
          className={INPUT}
        />
        <button type="submit" disabled={create.isPending} className={buttonClass("primary", "md", "shrink-0")}>
          {create.isPending ? "Creating…" : "Create token"}
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <label htmlFor={expiryId} className="flex items-center gap-2">
          Expires
          <select
            id={expiryId}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
            className="rounded-lg border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={readOnly} onChange={(event) => setReadOnly(event.target.checked)} />
          Read-only (can read, cannot change anything)
        </label>
      </div>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** The one time the secret is visible, with a copy button. */
function NewTokenNotice({ token, onDone }: { token: Created; onDone: () => void }) {
  const fieldId = useId();
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const copyToken = async () => {
    const result = await navigator.clipboard?.writeText(token.token).then(
      () => "copied" as const,
      () => "failed" as const,
    );
    setCopy(result ?? "failed");
  };
  return (
    <div
      role="region"
      aria-label="Your new access token"
      className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <p className="text-sm font-semibold text-amber-950 dark:text-amber-100">Copy your new token “{token.name}” now. It will not be shown again.</p>
      <label htmlFor={fieldId} className="sr-only">
        New access token
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input id={fieldId} readOnly value={token.token} onFocus={(event) => event.target.select()} className={`${INPUT} font-mono`} />
        <button type="button" onClick={() => void copyToken()} className={buttonClass("secondary", "md", "shrink-0")}>
          Copy token
        </button>
        <button type="button" onClick={onDone} className={buttonClass("ghost", "md", "shrink-0")}>
          Done
        </button>
      </div>
      <p aria-live="polite" className="text-sm text-amber-950 dark:text-amber-100">
        {copy === "copied" ? "Token copied to the clipboard." : copy === "failed" ? "Copying failed: select the token and copy it yourself." : ""}
      </p>
    </div>
  );
}

function TokenRow({ token, onRevoked }: { token: Token; onRevoked: () => void }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revoke = trpc.user.revokeToken.useMutation({
    onSuccess: () => {
      onRevoked();
      void utils.user.tokens.invalidate();
    },
    onError: (failure) => setError(`Could not revoke the token: ${messageOf(failure)}`),
  });
  return (
    <li className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="truncate font-medium">{token.name}</p>
          <p className={MUTED}>
            <code>{token.prefix}…</code> · {token.read_only ? "Read-only" : "Read and write"}
          </p>
          <p className={MUTED}>
            Created <LocalTime iso={token.created_at} /> · Last used {token.last_used_at ? <LocalTime iso={token.last_used_at} /> : "never"} ·{" "}
            <TokenExpiry iso={token.expires_at} />
          </p>
        </div>
        {confirming ? null : (
          <button type="button" onClick={() => setConfirming(true)} aria-label={`Revoke ${token.name}`} className={buttonClass("danger", "sm")}>
            Revoke
          </button>
        )}
      </div>
      {confirming ? (
        <div role="group" aria-label={`Confirm revoking ${token.name}`} className="flex flex-wrap items-center gap-3">
          <p className="text-sm">Revoke “{token.name}”? Scripts using it stop working at once.</p>
          <button type="button" onClick={() => revoke.mutate({ id: token.id })} disabled={revoke.isPending} className={buttonClass("danger", "sm")}>
            {revoke.isPending ? "Revoking…" : "Revoke token"}
          </button>
          <button type="button" onClick={() => setConfirming(false)} className={buttonClass("ghost", "sm")}>
            Cancel
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** When a token stops working, or that it never does. */
function TokenExpiry({ iso }: { iso: string | null }) {
  // The time the list was shown, read once: a render stays what it was until the list is read again.
  const [shownAt] = useState(() => Date.now());
  if (iso === null) return <>Never expires</>;
  return (
    <>
      {new Date(iso).getTime() <= shownAt ? "Expired" : "Expires"} <LocalTime iso={iso} />
    </>
  );
}
