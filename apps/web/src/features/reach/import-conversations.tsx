import { useId, useRef, useState } from "react";
import { IMPORT_LIMITS, IMPORT_SIZE_TEXT } from "@parley/contracts";
import { useAuthClient } from "../../lib/auth";
import { readAgain, trpc } from "../../lib/trpc";
import { importedText, importingText, REACH_TEXTS } from "./texts";

type Progress =
  | { phase: "idle" }
  | { phase: "uploading"; percent: number; jobId: string }
  | { phase: "importing"; jobId: string }
  | { phase: "done"; text: string }
  | { phase: "failed"; text: string };

/** How often a running import's progress is read. */
const PROGRESS_EVERY_MS = 500;

/**
 * Sends the file to the import endpoint, reporting upload progress. Resolves with the server's
 * answer; a refusal rejects with the server's message.
 */
function upload(
  file: File,
  jobId: string,
  token: string | null,
  onProgress: (percent: number) => void,
): Promise<{ source: string; imported: number; exchanges: number }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api/v1/chat/import?jobId=${jobId}`);
    request.setRequestHeader("Content-Type", "text/plain; charset=utf-8");
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    // Sent whole (a small file may report no progress before): the server is importing it now.
    request.upload.onload = () => onProgress(100);
    request.onload = () => {
      let body: { message?: string } & Record<string, unknown> = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // Not JSON: the status says enough.
      }
      if (request.status >= 200 && request.status < 300) resolve(body as unknown as { source: string; imported: number; exchanges: number });
      else reject(new Error(body.message ?? `The import failed (HTTP ${request.status}).`));
    };
    request.onerror = () => reject(new Error("The import failed: the server could not be reached. Check your connection and try again."));
    request.send(file);
  });
}

/**
 * 'Import conversations': a ChatGPT or Claude conversations.json becomes conversations in the
 * caller's list. Shows the upload's progress, then the import's, then what was imported or why not.
 */
export function ImportConversations() {
  const auth = useAuthClient();
  const utils = trpc.useUtils();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<Progress>({ phase: "idle" });
  const busy = progress.phase === "uploading" || progress.phase === "importing";

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (input.current) input.current.value = "";
    if (file.size > IMPORT_LIMITS.bytes) {
      setProgress({
        phase: "failed",
        text: `This file is too large: an import can be at most ${IMPORT_SIZE_TEXT}. Split the export into smaller files and import them one by one.`,
      });
      return;
    }
    // The import's id, picked here, so its progress can be read while the server stores it.
    const jobId = crypto.randomUUID();
    setProgress({ phase: "uploading", percent: 0, jobId });
    try {
      const result = await upload(file, jobId, await auth.getAccessToken(), (percent) =>
        setProgress(percent >= 100 ? { phase: "importing", jobId } : { phase: "uploading", percent, jobId }),
      );
      setProgress({ phase: "done", text: importedText(result) });
      // The list's first load may still be on its way, read before the import: read it again.
      await readAgain(utils.chat.sessions);
    } catch (failure) {
      setProgress({ phase: "failed", text: failure instanceof Error ? failure.message : "The import failed." });
    }
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="flex flex-col gap-2 rounded-xl border border-dashed border-zinc-300 p-3 text-sm has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-brand-500 dark:border-zinc-700"
    >
      <h3 id={`${inputId}-title`} className="font-semibold text-zinc-800 dark:text-zinc-100">
        {REACH_TEXTS.importTitle}
      </h3>
      <p className="text-xs leading-5 text-zinc-600 dark:text-zinc-400">
        {REACH_TEXTS.importHelp} At most {IMPORT_SIZE_TEXT}.
      </p>
      <label
        htmlFor={inputId}
        className={`inline-flex h-9 cursor-pointer items-center justify-center rounded-full border border-zinc-300 bg-white px-4 font-medium text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800 ${busy ? "pointer-events-none opacity-60" : ""}`}
      >
        {REACH_TEXTS.importChoose}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        disabled={busy}
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      {progress.phase === "uploading" && <ImportProgress jobId={progress.jobId} uploadPercent={progress.percent} />}
      {progress.phase === "importing" && <ImportProgress jobId={progress.jobId} />}
      {progress.phase === "done" && (
        <p role="status" className="text-xs text-emerald-700 dark:text-emerald-300">
          {progress.text}
        </p>
      )}
      {progress.phase === "failed" && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {progress.text}
        </p>
      )}
    </section>
  );
}

/**
 * The upload's progress, then the import's, read from the server until the import answers (it
 * is read during the upload too: the browser may not report the upload's end).
 */
function ImportProgress({ jobId, uploadPercent }: { jobId: string; uploadPercent?: number }) {
  // Until the server has read the file, the import has no progress yet (a 404): keep asking.
  const job = trpc.archive.importProgress.useQuery({ jobId }, { refetchInterval: PROGRESS_EVERY_MS, retry: false });
  const stored = job.data && job.data.exchanges_total > 0 ? job.data : null;
  if (!stored && uploadPercent !== undefined) {
    return (
      <div className="flex flex-col gap-1">
        <progress className="w-full accent-brand-600" max={100} value={uploadPercent} aria-label={REACH_TEXTS.uploading} />
        <span className="text-xs text-zinc-600 dark:text-zinc-400" role="status">
          {REACH_TEXTS.uploading} {uploadPercent}%
        </span>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      {stored ? (
        <progress className="w-full accent-brand-600" max={stored.exchanges_total} value={stored.exchanges_done} aria-label={REACH_TEXTS.importing} />
      ) : (
        <progress className="w-full accent-brand-600" aria-label={REACH_TEXTS.importing} />
      )}
      <span className="text-xs text-zinc-600 dark:text-zinc-400" role="status">
        {stored ? importingText(stored) : REACH_TEXTS.importing}
      </span>
    </div>
  );
}
