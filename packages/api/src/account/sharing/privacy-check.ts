import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { instanceSettings, type Executor } from "@parley/db";
import { FINDING_LABELS, redactMessages, scanMessages, scanMessagesInSlices, SLICE_CHARS, type Finding, type Pause, type ScanOptions } from "@parley/privacy";
import { AppError } from "../../kit/errors";

/**
 * The privacy check on the server (docs/privacy.md): what would leave is scanned again here,
 * whatever the client sent, and the person's choice (which findings to redact, and the hash of
 * the text they were shown) is applied to it. The rules themselves live in @parley/privacy.
 */

/** What a request that makes something leave says about the check: the text it was shown and what to redact in it. */
export type PrivacyChoice = { privacy_hash?: string | undefined; redact?: string[] | undefined };

/** Whose text it is: their own name and address are findings too. */
export type PrivacyPerson = { name: string | null; nickname: string | null; email: string | null };

/** What leaves after the check: the texts with the chosen findings replaced by markers, and those findings. */
export type CheckedTexts = { texts: string[]; redacted: Finding[] };

const SETTING_KEY = "privacy_check";

/** Item `i` of the texts' JSON array, as JSON.stringify(texts) writes it. */
const jsonItem = (i: number, text: string) => (i === 0 ? JSON.stringify(text) : `,${JSON.stringify(text)}`);

/**
 * The hash that ties a choice to the exact text it was made on: SHA-256 of the texts in order
 * (of their JSON array, hex), fed one text at a time, pausing (when given a pause) after each
 * slice's worth of characters, as the scan does.
 */
async function hashTexts(texts: readonly string[], pause?: Pause): Promise<string> {
  const hash = createHash("sha256").update("[");
  let sinceBreak = 0;
  for (const [i, text] of texts.entries()) {
    if (pause && sinceBreak >= SLICE_CHARS) {
      await pause();
      sinceBreak = 0;
    }
    hash.update(jsonItem(i, text));
    sinceBreak += text.length;
  }
  return hash.update("]").digest("hex");
}

/** The hash that ties a choice to the exact text it was made on: SHA-256 of the texts in order (hex). */
export function textHashOf(texts: readonly string[]): string {
  const hash = createHash("sha256").update("[");
  for (const [i, text] of texts.entries()) hash.update(jsonItem(i, text));
  return hash.update("]").digest("hex");
}

export const scanOptionsOf = (person: PrivacyPerson): ScanOptions => ({ ownNames: [person.name, person.nickname], ownEmails: [person.email] });

/** Whether an admin made the check blocking: nothing with unredacted findings leaves. */
export async function isPrivacyCheckBlocking(db: Executor): Promise<boolean> {
  const [row] = await db.select({ value: instanceSettings.value }).from(instanceSettings).where(eq(instanceSettings.key, SETTING_KEY)).limit(1);
  return (row?.value as { blocking?: unknown } | undefined)?.blocking === true;
}

/** The instance's privacy check setting, as the admin console reads it. */
export async function getPrivacyCheckSetting(db: Executor) {
  return { blocking: await isPrivacyCheckBlocking(db) };
}

/** Turns the blocking check on or off for the instance. */
export async function setPrivacyCheckBlocking(db: Executor, blocking: boolean, now: Date) {
  await db
    .insert(instanceSettings)
    .values({ key: SETTING_KEY, value: { blocking }, updatedAt: now })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value: sql`excluded.value`, updatedAt: now } });
  return { blocking };
}

/**
 * The findings of the checks made lately on this instance, by text and person: the request that
 * makes a text leave finds what the check before it found (read in slices) instead of reading
 * the whole text again in one go. Bounded by the characters of the texts they were found in
 * (a finding's text may keep its message alive). Another instance, or a text checked long ago,
 * is read again.
 */
const recentChecks = new Map<string, { findings: Finding[]; chars: number }>();
const RECENT_CHECKS_CHARS = 16_000_000;
let recentChecksChars = 0;

const checkKey = (textHash: string, options: ScanOptions) => `${textHash} ${JSON.stringify(options)}`;

function rememberCheck(key: string, findings: Finding[], texts: readonly string[]) {
  const chars = texts.reduce((n, text) => n + text.length, 0);
  if (chars > RECENT_CHECKS_CHARS || recentChecks.has(key)) return;
  recentChecks.set(key, { findings, chars });
  recentChecksChars += chars;
  for (const [oldest, entry] of recentChecks) {
    if (recentChecksChars <= RECENT_CHECKS_CHARS) break;
    recentChecks.delete(oldest);
    recentChecksChars -= entry.chars;
  }
}

/** The findings in what would leave, and the hash a later request names it by (given when the caller has it already). */
export function scanOutgoing(texts: readonly string[], person: PrivacyPerson, text_hash = textHashOf(texts)) {
  const options = scanOptionsOf(person);
  const key = checkKey(text_hash, options);
  const known = recentChecks.get(key);
  if (known) return { findings: known.findings, text_hash };
  const findings = scanMessages(texts, options);
  rememberCheck(key, findings, texts);
  return { findings, text_hash };
}

const giveBackEventLoop: Pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** scanOutgoing in slices, the event loop given back between them (the check a person asks for). */
export async function scanOutgoingInSlices(texts: readonly string[], person: PrivacyPerson) {
  const text_hash = await hashTexts(texts, giveBackEventLoop);
  const options = scanOptionsOf(person);
  const key = checkKey(text_hash, options);
  const known = recentChecks.get(key);
  if (known) return { findings: known.findings, text_hash };
  const findings = await scanMessagesInSlices(texts, options, giveBackEventLoop);
  rememberCheck(key, findings, texts);
  return { findings, text_hash };
}

/** A finding as a person can find it again in an error message: its kind, its message and its first characters. */
function describe(finding: Finding) {
  const shown = finding.text.length > 8 ? `${finding.text.slice(0, 4)}...` : finding.text.slice(0, 2) + "...";
  return `${FINDING_LABELS[finding.kind]} in message ${finding.message + 1} (${shown})`;
}

/**
 * Applies the person's choice to what would leave. The texts are scanned again; a choice made on
 * other text (the conversation changed since the check) is a CONFLICT, a finding id that is not
 * in it a BAD_REQUEST. With the blocking check on, findings left unredacted are refused, named.
 */
export function applyPrivacyChoice(texts: readonly string[], person: PrivacyPerson, choice: PrivacyChoice, blocking: boolean): CheckedTexts {
  const wanted = choice.redact ?? [];
  if (wanted.length > 0 && choice.privacy_hash === undefined) {
    throw new AppError("BAD_REQUEST", "privacy_hash: send the text_hash of the privacy check with the findings to redact.");
  }
  // Nothing to redact and nothing that must be: the findings would change nothing, so the text is
  // read only to match the hash named (if any), and not scanned.
  if (wanted.length === 0 && !blocking && choice.privacy_hash === undefined) return { texts: [...texts], redacted: [] };
  // The texts are hashed once: to match the choice's hash, and to find what the check found.
  const textHash = textHashOf(texts);
  if (choice.privacy_hash !== undefined && choice.privacy_hash !== textHash) {
    throw new AppError(
      "CONFLICT",
      "privacy_hash: the conversation is not the one that was checked (it changed since): run the privacy check again and send its text_hash.",
    );
  }
  if (wanted.length === 0 && !blocking) return { texts: [...texts], redacted: [] };
  const { findings } = scanOutgoing(texts, person, textHash);
  const byId = new Map(findings.map((f) => [f.id, f]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length > 0)
    throw new AppError(
      "BAD_REQUEST",
      `redact: ${unknown.slice(0, 3).join(", ")} ${unknown.length === 1 ? "is not a finding" : "are not findings"} of the privacy check of this text: use the ids it answered.`,
    );
  const chosen = new Set(wanted);
  const redacted = findings.filter((f) => chosen.has(f.id));
  if (blocking) {
    const left = findings.filter((f) => !chosen.has(f.id));
    if (left.length > 0) {
      throw new AppError(
        "PRECONDITION_FAILED",
        `This instance only lets a conversation leave once everything the privacy check found is redacted. Still to redact: ${left.slice(0, 5).map(describe).join("; ")}${left.length > 5 ? `; and ${left.length - 5} more` : ""}.`,
      );
    }
  }
  return { texts: redacted.length === 0 ? [...texts] : redactMessages(texts, redacted), redacted };
}

/**
 * The privacy check of what leaves for a target, as every path that lets something leave runs it
 * (a share, its refresh or link, a post, a post's link, a prompt published or linked or edited
 * once published, an export): the instance's setting read with `db` (the caller's transaction,
 * when it has one), then `texts` (what the target's lister gives: reach/privacy-scan.ts,
 * outgoingTexts, lists them for the check a person asks for) scanned again and the person's
 * choice applied (applyPrivacyChoice).
 */
export async function checkOutgoing(db: Executor, texts: readonly string[], person: PrivacyPerson, choice: PrivacyChoice): Promise<CheckedTexts> {
  return applyPrivacyChoice(texts, person, choice, await isPrivacyCheckBlocking(db));
}
