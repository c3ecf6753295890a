/** Limits of importing a ChatGPT or Claude export (conversations.json). */
export const IMPORT_LIMITS = {
  /** Largest file, bytes. */
  bytes: 20 * 1024 * 1024,
  /** Most conversations one file may bring in. */
  conversations: 2_000,
} as const;

/** Conversation text (messages and replies) one account may hold; imports beyond it are refused. */
export const STORAGE_QUOTA = {
  /** Without STORAGE_QUOTA_MB. */
  defaultMegabytes: 1024,
} as const;

/** The file size limit as people read it, e.g. "20 MB". */
export const IMPORT_SIZE_TEXT = `${IMPORT_LIMITS.bytes / (1024 * 1024)} MB`;

/** An import whose JSON nests deeper than a program can walk: no export looks like that. */
export const IMPORT_NESTED_TOO_DEEPLY =
  "This file is nested too deeply to be a ChatGPT or Claude export. Choose the conversations.json file from the export's zip archive.";

/** Formats a conversation or a post can be downloaded in. */
export const EXPORT_FORMATS = ["md", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
