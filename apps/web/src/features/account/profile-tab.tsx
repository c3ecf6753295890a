import { useState, type FormEvent } from "react";
import type { RouterOutputs } from "@parley/api";
import { Avatar, pictureAvatar } from "../../components/avatar";
import { messageOf, trpc } from "../../lib/trpc";
import { EmailVerification } from "./email-verification";
import { ReadOnlyField, TextField } from "./form-fields";
import { HandleForm } from "./handle-form";
import { SaveBar } from "./save-bar";
import { isNicknameDirty } from "./settings-form";

type Settings = RouterOutputs["user"]["settings"];

/** User Profile tab: who you are, with the nickname as the one editable field. */
export function ProfileTab({ settings }: { settings: Settings }) {
  const utils = trpc.useUtils();
  const [nickname, setNickname] = useState(settings.nickname);
  const [status, setStatus] = useState<string | null>(null);
  const save = trpc.user.updateSettings.useMutation({
    onSuccess: (saved) => {
      utils.user.settings.setData(undefined, saved);
      setNickname(saved.nickname);
      setStatus("Profile saved.");
    },
    onError: (error) => setStatus(`Could not save your profile: ${messageOf(error)}`),
  });
  const dirty = isNicknameDirty(nickname, settings.nickname);
  const displayName = settings.name || settings.nickname || settings.email || "You";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    save.mutate({ nickname });
  };

  return (
    <>
      <form onSubmit={submit} className="space-y-8">
        <div className="flex items-center gap-4">
          <Avatar avatar={pictureAvatar(settings.picture, displayName)} username={displayName} size="xl" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{displayName}</p>
            <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">{settings.email || "No email on file"}</p>
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <ReadOnlyField label="Name" value={settings.name} />
          <ReadOnlyField label="Email" value={settings.email} extra={<VerifiedBadge verified={settings.email_verified} />} />
          <ReadOnlyField label="Profile ID" value={settings.id} />
          <TextField label="Nickname" value={nickname} onChange={setNickname} hint="Shown with the conversations you post." />
        </div>
        {settings.email && !settings.email_verified && <EmailVerification />}
        <SaveBar dirty={dirty} saving={save.isPending} status={status} />
      </form>
      <HandleForm />
    </>
  );
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  const look = verified
    ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
    : "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${look}`}>{verified ? "Verified" : "Not Verified"}</span>;
}
