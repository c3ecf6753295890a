/** What a finding is: each kind has its label (shown in the check) and its marker (what replaces it in a shared copy). */
export const FINDING_KINDS = ["private_key", "api_key", "url_password", "card", "iban", "own_email", "email", "phone", "own_name"] as const;

export type FindingKind = (typeof FINDING_KINDS)[number];

/** The label the privacy check shows beside a finding. */
export const FINDING_LABELS: Record<FindingKind, string> = {
  private_key: "Private key",
  api_key: "API key or token",
  url_password: "Password in a link",
  card: "Payment card number",
  iban: "IBAN",
  own_email: "Your e-mail address",
  email: "E-mail address",
  phone: "Phone number",
  own_name: "Your name",
};

/** What a redacted finding reads as in the copy that leaves. */
export const REDACTION_MARKERS: Record<FindingKind, string> = {
  private_key: "[redacted private key]",
  api_key: "[redacted API key]",
  url_password: "[redacted password]",
  card: "[redacted card number]",
  iban: "[redacted IBAN]",
  own_email: "[redacted e-mail]",
  email: "[redacted e-mail]",
  phone: "[redacted phone number]",
  own_name: "[redacted name]",
};

/**
 * When two findings overlap, the one whose kind comes first here is kept: a key inside a PEM
 * block is the block, `user:secret@host` is a password rather than an e-mail, and the person's
 * own address is named as theirs.
 */
export const KIND_PRIORITY: Record<FindingKind, number> = Object.fromEntries(FINDING_KINDS.map((kind, index) => [kind, index])) as Record<FindingKind, number>;
