import { buttonClass } from "../../components/button-styles";

/** 'Save Changes', shown only while the form differs from what is saved. */
export function SaveBar({ dirty, saving, status }: { dirty: boolean; saving: boolean; status?: string | null }) {
  return (
    <div className="flex min-h-11 items-center justify-end gap-4">
      {status ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-300" role="status">
          {status}
        </p>
      ) : null}
      {dirty ? (
        <button type="submit" disabled={saving} className={buttonClass("primary")}>
          {saving ? "Saving…" : "Save Changes"}
        </button>
      ) : null}
    </div>
  );
}
