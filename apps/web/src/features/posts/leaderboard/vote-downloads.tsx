import { useState } from "react";
import { saveFile } from "../../../lib/download/save-file";
import { messageOf, trpc } from "../../../lib/trpc";
import { COMPARE_TEXTS } from "../texts";

type Format = "json" | "csv";

/** The counted votes, anonymised, as JSON or CSV: enough to recompute the board. */
export function VoteDownloads() {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: Format) => {
    setBusy(format);
    setError(null);
    try {
      saveFile(await utils.post.leaderboardVotes.fetch({ format }));
    } catch (failure) {
      setError(`${COMPARE_TEXTS.downloadFailed}: ${messageOf(failure)}`);
    } finally {
      setBusy(null);
    }
  };
  const button =
    "inline-flex h-9 items-center rounded-full border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";
  return (
    <div className="mt-4 flex flex-col gap-2">
      <div role="group" aria-label={COMPARE_TEXTS.downloadVotes} className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{COMPARE_TEXTS.downloadVotes}</span>
        {(["json", "csv"] as const).map((format) => (
          <button key={format} type="button" className={button} disabled={busy !== null} aria-busy={busy === format} onClick={() => void download(format)}>
            {format.toUpperCase()}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
