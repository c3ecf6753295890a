import { useState } from "react";
import { usePrivacyCheck } from "../../components/privacy-check/use-privacy-check";
import { saveFile } from "../../lib/download/save-file";
import { messageOf, trpc } from "../../lib/trpc";
import { REACH_TEXTS } from "./texts";

type Target = { kind: "session"; sessionId: number } | { kind: "post"; postId: number };
type Format = "md" | "json";

/** 'Download Markdown' and 'Download JSON' of a conversation (the owner's) or a post. */
export function ExportButtons({ target, className = "" }: { target: Target; className?: string }) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  const privacy = usePrivacyCheck();
  const download = async (format: Format) => {
    setBusy(format);
    setError(null);
    try {
      // A conversation leaves through the privacy check; a post was checked when it was posted.
      const choice = target.kind === "session" ? await privacy.check("export", target.sessionId) : null;
      if (target.kind === "session" && !choice) return;
      const file =
        target.kind === "session"
          ? await utils.client.archive.exportSession.query({ sessionId: target.sessionId, format, ...(choice ?? {}) })
          : await utils.archive.exportPost.fetch({ postId: target.postId, format });
      saveFile(file);
    } catch (failure) {
      setError(`${REACH_TEXTS.downloadFailed}: ${messageOf(failure)}`);
    } finally {
      setBusy(null);
    }
  };
  const button =
    "inline-flex h-9 items-center gap-1.5 rounded-full border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <div role="group" aria-label={REACH_TEXTS.download} className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{REACH_TEXTS.download}</span>
        {(["md", "json"] as const).map((format) => (
          <button key={format} type="button" className={button} disabled={busy !== null} aria-busy={busy === format} onClick={() => void download(format)}>
            <DownloadIcon />
            {format === "md" ? REACH_TEXTS.markdown : REACH_TEXTS.json}
          </button>
        ))}
      </div>
      {privacy.dialog}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4"
    >
      <path d="M12 3v12m0 0 4-4m-4 4-4-4M5 21h14" />
    </svg>
  );
}
