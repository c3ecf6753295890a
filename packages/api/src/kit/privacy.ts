import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { instanceSettings, type Executor } from "@parley/db";
import { FINDING_LABELS, redactMessages, scanMessages, type Finding, type ScanOptions } from "@parley/privacy";
import { AppError } from "./errors";

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

/** The hash that ties a choice to the exact text it was made on: SHA-256 of the texts in order (hex). */
export function textHashOf(texts: readonly string[]): string {
  return createHash("sha256").update(JSON.stringify(texts)).digest("hex");
}

export const scanOptionsOf = (person: PrivacyPerson): ScanOptions => ({ ownNames: [person.name, person.nickname], ownEmails: [person.email] });

/** Whether an admin made the check blocking: nothing with unredacted findings leaves. */
export async function isPrivacyCheckBlocking(db: Executor): Promise<boolean> {
  const [row] = await db.select({ value: instanceSettings.value }).from(instanceSettings).where(eq(instanceSettings.key, SETTING_KEY)).limit(1);
  return (row?.value as { blocking?: unknown } | undefined)?.blocking === true;
}

/** Turns the blocking check on or off for the instance. */
export async function setPrivacyCheckBlocking(db: Executor, blocking: boolean, now: Date) {
  await db
    .insert(instanceSettings)
    .values({ key: SETTING_KEY, value: { blocking }, updatedAt: now })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value: sql`excluded.value`, updatedAt: now } });
  return { blocking };
}

/** The findings in what would leave, and the hash a later request names it by. */
export function scanOutgoing(texts: readonly string[], person: PrivacyPerson) {
  return { findings: scanMessages(texts, scanOptionsOf(person)), text_hash: textHashOf(texts) };
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
  const { findings, text_hash } = scanOutgoing(texts, person);
  const wanted = choice.redact ?? [];
  if (wanted.length > 0 && choice.privacy_hash === undefined) {
    throw new AppError("BAD_REQUEST", "privacy_hash: send the text_hash of the privacy check with the findings to redact.");
  }
  if (choice.privacy_hash !== undefined) {
    if (choice.privacy_hash !== text_hash) {
      throw new AppError("CONFLICT", "privacy_hash: the conversation is not the one that was checked (it changed since): run the privacy check again and send its text_hash.");
    }
  }
  const byId = new Map(findings.map((f) => [f.id, f]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw new AppError("BAD_REQUEST", `redact: ${unknown.slice(0, 3).join(", ")} ${unknown.length === 1 ? "is not a finding" : "are not findings"} of the privacy check of this text: use the ids it answered.`);
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
