import { messageOf, trpc } from "../../lib/trpc";
import { ADMIN_TEXTS } from "./texts";

/** The privacy check's setting (docs/privacy.md): advisory, or blocking (nothing with unredacted findings leaves). */
export function PrivacyPanel() {
  const utils = trpc.useUtils();
  const setting = trpc.admin.privacy.useQuery();
  const change = trpc.admin.setPrivacy.useMutation({ onSuccess: (data) => utils.admin.privacy.setData(undefined, data) });
  if (setting.isError) return <p role="alert">{ADMIN_TEXTS.loadFailed}</p>;
  if (!setting.data) return <p>{ADMIN_TEXTS.loading}</p>;
  const blocking = change.isPending ? change.variables.blocking : setting.data.blocking;
  return (
    <section className="max-w-2xl space-y-3">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          role="switch"
          className="mt-1 size-4"
          checked={blocking}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ blocking: event.target.checked })}
        />
        <span>
          <span className="block font-semibold">{ADMIN_TEXTS.privacyBlocking}</span>
          <span className="block text-sm text-zinc-600 dark:text-zinc-400">{ADMIN_TEXTS.privacyBlockingHelp}</span>
        </span>
      </label>
      {change.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {messageOf(change.error)}
        </p>
      )}
    </section>
  );
}
