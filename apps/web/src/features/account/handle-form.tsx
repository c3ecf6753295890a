import { useId, useState, type FormEvent } from "react";
import { Link } from "@tanstack/react-router";
import { handleInput } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { messageOf, trpc } from "../../lib/trpc";
import { INPUT } from "./form-fields";

/** The caller's handle, the address of their creator page, with its rules checked as they type. */
export function HandleForm() {
  const me = trpc.creator.me.useQuery();
  if (me.isPending) return null;
  return <HandleEditor saved={me.data?.handle ?? ""} />;
}

function HandleEditor({ saved }: { saved: string }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [handle, setHandle] = useState(saved);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const change = trpc.creator.updateHandle.useMutation({
    onSuccess: (result) => {
      utils.creator.me.setData(undefined, result);
      setHandle(result.handle);
      setStatus({ text: "Handle saved.", error: false });
    },
    onError: (error) => setStatus({ text: `Could not change your handle: ${messageOf(error)}`, error: true }),
  });
  const parsed = handleInput.safeParse(handle);
  const problem = handle.trim() && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const dirty = parsed.success && parsed.data !== saved;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    setStatus(null);
    change.mutate({ handle: parsed.data });
  };

  return (
    <form onSubmit={submit} className="mt-8 space-y-2 border-t border-zinc-200 pt-6 dark:border-zinc-800">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Handle
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          value={handle}
          onChange={(event) => setHandle(event.target.value)}
          className={`${INPUT} max-w-xs`}
          aria-invalid={Boolean(problem)}
          aria-describedby={`${id}-hint`}
        />
        {dirty && (
          <button type="submit" disabled={change.isPending} className={buttonClass("primary")}>
            {change.isPending ? "Saving…" : "Save handle"}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className={`text-xs ${problem ? "text-red-700 dark:text-red-300" : "text-zinc-500 dark:text-zinc-400"}`}>
        {problem ?? "Your page's address: letters a-z, digits and hyphens."}{" "}
        {saved && !problem && (
          <Link to="/u/$handle" params={{ handle: saved }} className="text-brand-700 underline dark:text-brand-300">
            /u/{saved}
          </Link>
        )}
      </p>
      {status && (
        <p role="status" className={`text-sm ${status.error ? "text-red-700 dark:text-red-300" : "text-zinc-600 dark:text-zinc-300"}`}>
          {status.text}
        </p>
      )}
    </form>
  );
}
