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

/** How long a public link stays open from when its owner sets it: a day, a week, a month, or until turned off. */
export const LINK_EXPIRIES = ["1d", "7d", "30d", "never"] as const;
export type LinkExpiry = (typeof LINK_EXPIRIES)[number];

/** The length of each expiry, in milliseconds (null: never). */
export const LINK_EXPIRY_MS: Record<LinkExpiry, number | null> = { "1d": 86_400_000, "7d": 7 * 86_400_000, "30d": 30 * 86_400_000, never: null };

/** The owner's controls of a link, as limits. */
export const LINK_LIMITS = {
  /** Shortest and longest password of a link. */
  passwordMin: 4,
  passwordMax: 200,
  /** Largest view cap. */
  viewCapMax: 1_000_000,
  /** Wrong passwords one client may try on one link in each window, and the window. */
  unlockAttempts: 5,
  unlockWindowMs: 15 * 60_000,
  /** Wrong passwords from all clients together in one window that lock the link until its owner lifts the lock. */
  linkWrongPasswords: 20,
  /** Longest an unlock holds (its cookie ends with the browser session, or after this). */
  unlockCookieMs: 86_400_000,
} as const;

/** The kinds of link a person makes: a post's, a conversation's and a prompt's public link, and a conversation's share. */
export const LINK_KINDS = ["post", "conversation", "prompt", "share"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** What a public link's reader and owner are told about its state. */
export const LINK_MESSAGES = {
  /** A link past its expiry or its view cap (410; a revoked link is still the 404 of PUBLIC_LINK_NOT_FOUND). */
  gone: "This link has expired or reached its limit of views. Ask its owner for a new one.",
  /** A password-protected link read before it was unlocked in this browser session. */
  passwordRequired: "This link is protected by a password. Enter it to read the page.",
  wrongPassword: "That password is not right. Check it and try again.",
  /** Too many wrong passwords tried on the link, from anywhere: no password is checked until its owner lifts the lock. */
  locked: "This link is locked after too many wrong passwords. Ask its owner to unlock it.",
  /** A setting asked of a link that is off. */
  linkOff: "Turn the link on first: only a link that is on has these settings.",
  /** A share's snapshot refreshed or a share revoked, asked of a conversation that is not shared. */
  notShared: "This conversation is not shared.",
} as const;

/** A link's state: open, past its expiry, or at its view cap. */
export type LinkState = "active" | "expired" | "capped";
