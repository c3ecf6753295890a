/** The privacy check's texts (docs/privacy.md). */
export const PRIVACY_TEXTS = {
  title: "Privacy check",
  intro: (count: number) =>
    `Parley found ${count === 1 ? "1 thing" : `${count} things`} in what is about to leave that may be private. Choose what to redact: it is replaced by a marker in the copy that leaves only, and your conversation stays as it is.`,
  blocking: "On this Parley everything the check finds must be redacted before it leaves.",
  /** While blocking: what is left to redact, as the server names it when it refuses. */
  stillToRedact: (left: readonly { label: string; message: number }[]) =>
    `Still to redact: ${left.map((f) => `${f.label} in message ${f.message + 1}`).join("; ")}.`,
  message: (index: number, author: string) => `Message ${index + 1} · ${author}`,
  redactAll: "Redact all",
  cancel: "Cancel",
  goAhead: "Continue without redacting",
  redactAndContinue: (count: number) => `Redact ${count} and continue`,
  failed: "The privacy check could not run",
} as const;
