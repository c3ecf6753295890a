import { randomBytes } from "node:crypto";

/**
 * A new session id: a random positive integer below 2^53 (numeric in every URL and answer, safe in
 * JavaScript, and not enumerable). Collisions are vanishingly rare; the primary key still checks.
 */
export function newSessionId(): number {
  const bytes = randomBytes(7);
  // 53 random bits: the low 5 bits of the first byte, then six whole bytes.
  let id = (bytes[0]! & 0x1f) * 2 ** 48;
  for (let i = 1; i < 7; i++) id += bytes[i]! * 2 ** (8 * (6 - i));
  return id || 1;
}
