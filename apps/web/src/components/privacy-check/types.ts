import type { RouterOutputs } from "@parley/api";

/** What the privacy check found in what would leave (privacy.scan). */
export type PrivacyScan = RouterOutputs["privacy"]["scan"];
export type PrivacyTarget = PrivacyScan["target"];

/** What a request that makes something leave carries: the check's text_hash and the findings to redact. */
export type PrivacyChoice = { privacy_hash: string; redact: string[] };
