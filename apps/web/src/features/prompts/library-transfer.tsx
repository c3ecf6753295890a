import { useRef, useState, type ChangeEvent } from "react";
import { PROMPT_LIMITS, type PromptLibraryFile } from "@parley/contracts";
import { buttonClass } from "../../components/button-styles";
import { messageOf, trpc } from "../../lib/trpc";
import { PROMPT_TEXTS } from "./texts";

/** Saves the library file through a temporary object URL. */
function saveFile(name: string, body: string) {
  const url = URL.createObjectURL(new Blob([body], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * 'Export library' (a parley.prompts JSON file, docs/prompts.md) and 'Import library': the server
 * checks the whole file and imports all of it or nothing.
 */
export function LibraryTransfer() {
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const importer = trpc.prompt.importLibrary.useMutation({
    onSuccess: async (result) => {
      setStatus({ kind: "ok", text: PROMPT_TEXTS.imported(result.imported) });
      await Promise.all([utils.prompt.library.invalidate(), utils.chat.options.invalidate()]);
    },
    onError: (failure) => setStatus({ kind: "error", text: PROMPT_TEXTS.importFailed(messageOf(failure)) }),
  });

  const exportLibrary = async () => {
    setExporting(true);
    setStatus(null);
    try {
      const file = await utils.client.prompt.exportLibrary.query();
      saveFile(`parley-prompts-${new Date().toISOString().slice(0, 10)}.json`, `${JSON.stringify(file, null, 2)}\n`);
    } catch (failure) {
      setStatus({ kind: "error", text: messageOf(failure) });
    } finally {
      setExporting(false);
    }
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setStatus(null);
    if (file.size > PROMPT_LIMITS.importBytes) {
      setStatus({ kind: "error", text: PROMPT_TEXTS.importTooLarge(PROMPT_LIMITS.importBytes / 1_000_000) });
      return;
    }
    let parsed: PromptLibraryFile;
    try {
      parsed = JSON.parse(await file.text()) as PromptLibraryFile;
    } catch {
      setStatus({ kind: "error", text: PROMPT_TEXTS.importNotJson });
      return;
    }
    importer.mutate(parsed);
  };

  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => void exportLibrary()} disabled={exporting} className={buttonClass("secondary", "sm")}>
          {PROMPT_TEXTS.exportLibrary}
        </button>
        <button type="button" onClick={() => input.current?.click()} disabled={importer.isPending} className={buttonClass("secondary", "sm")}>
          {importer.isPending ? PROMPT_TEXTS.importing : PROMPT_TEXTS.importLibrary}
        </button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          aria-label={PROMPT_TEXTS.importLibrary}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => void importFile(event)}
        />
      </div>
      {status && (
        <p
          role={status.kind === "error" ? "alert" : "status"}
          className={`text-sm ${status.kind === "error" ? "text-red-700 dark:text-red-300" : "text-emerald-700 dark:text-emerald-300"}`}
        >
          {status.text}
        </p>
      )}
    </div>
  );
}
