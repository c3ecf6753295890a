import { useId, useState } from "react";
import { EyeIcon, EyeOffIcon } from "../../components/icons";
import { INPUT } from "./form-fields";

type SecretFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The stored key, masked by the API ("••••" + last four), or "" when none is stored. */
  saved: string;
  removing: boolean;
  onToggleRemove: () => void;
  placeholder: string;
};

/**
 * A provider key input: masked, with a show/hide toggle. The stored key never
 * comes back from the API, so the field starts empty and says which key is kept.
 */
export function SecretField({ label, value, onChange, saved, removing, onToggleRemove, placeholder }: SecretFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const status = removing ? `${saved} will be removed when you save.` : saved ? `Saved key: ${saved}. Type a new key to replace it.` : "No key saved.";
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? "text" : "password"}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={saved && !removing ? saved : placeholder}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-status`}
          className={`${INPUT} pr-12 font-mono`}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={`${visible ? "Hide" : "Show"} ${label}`}
          aria-pressed={visible}
          className="absolute inset-y-0 right-1 my-1 inline-flex w-10 items-center justify-center rounded-lg text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          {visible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
        </button>
      </div>
      <div className="mt-1.5 flex items-center justify-between gap-3 text-xs">
        <p id={`${id}-status`} className={removing ? "text-red-700 dark:text-red-300" : "text-zinc-500 dark:text-zinc-400"}>
          {status}
        </p>
        {saved ? (
          <button
            type="button"
            onClick={onToggleRemove}
            aria-label={removing ? `Undo removing ${label}` : `Remove ${label}`}
            className="shrink-0 font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            {removing ? "Undo" : "Remove"}
          </button>
        ) : null}
      </div>
    </div>
  );
}
