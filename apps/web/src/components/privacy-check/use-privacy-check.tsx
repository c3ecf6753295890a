import { useCallback, useRef, useState } from "react";
import { trpc } from "../../lib/trpc";
import { PrivacyCheckDialog } from "./privacy-check-dialog";
import type { PrivacyChoice, PrivacyScan, PrivacyTarget } from "./types";

export type { PrivacyChoice, PrivacyScan, PrivacyTarget } from "./types";

/**
 * The privacy check before something leaves (sharing, posting, a public link, a download):
 * `check` scans what would leave and, when something is found, shows it in a dialog; it
 * resolves with the person's choice, or null when they cancel. Nothing found: it resolves at once.
 */
export function usePrivacyCheck() {
  const utils = trpc.useUtils();
  const [scan, setScan] = useState<PrivacyScan | null>(null);
  const settle = useRef<((choice: PrivacyChoice | null) => void) | null>(null);

  const check = useCallback(
    async (target: PrivacyTarget, id: number, description?: string): Promise<PrivacyChoice | null> => {
      // Always the text as it is now: the check must match what the server checks again.
      const result = await utils.client.privacy.scan.query({ target, id, ...(description === undefined ? {} : { description }) });
      if (result.findings.length === 0) return { privacy_hash: result.text_hash, redact: [] };
      return new Promise((resolve) => {
        settle.current = resolve;
        setScan(result);
      });
    },
    [utils],
  );

  const finish = (redact: string[] | null) => {
    const current = scan;
    setScan(null);
    settle.current?.(redact === null || !current ? null : { privacy_hash: current.text_hash, redact });
    settle.current = null;
  };

  const dialog = scan ? <PrivacyCheckDialog scan={scan} onCancel={() => finish(null)} onContinue={(redact) => finish(redact)} /> : null;
  return { check, dialog };
}
