/** Checksums and shape checks the rules use to tell a real number from one that only looks like it. */

/** The Luhn checksum of a string of digits (payment cards). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * Card numbers as the networks issue them: Visa (4, 13/16/19 digits), Mastercard (51-55 and
 * 2221-2720, 16), American Express (34/37, 15), Diners (30/36/38, 14), Discover, UnionPay,
 * Maestro and JCB (6 and 35, 16-19). A Luhn-valid order number starting with 1, 7, 8 or 9 is not a card.
 */
export function isCardNumber(digits: string): boolean {
  const n = digits.length;
  if (n < 13 || n > 19) return false;
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  const shaped =
    (digits[0] === "4" && (n === 13 || n === 16 || n === 19)) ||
    (((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) && n === 16) ||
    ((two === 34 || two === 37) && n === 15) ||
    ((two === 30 || two === 36 || two === 38) && n === 14) ||
    ((digits[0] === "6" || two === 35) && n >= 16);
  return shaped && !/^(\d)\1+$/.test(digits) && passesLuhn(digits);
}

/** ISO 13616 lengths of the IBANs of the countries that issue them most (others: 15 to 34). */
const IBAN_LENGTHS: Record<string, number> = {
  AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22, GR: 27, HR: 21,
  HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24,
  SE: 24, SI: 19, SK: 24, SM: 27, TR: 26, UA: 29, AE: 23, SA: 24, IL: 23, BR: 29,
};

/** An IBAN (spaces removed): its country's length and the mod-97 check of ISO 7064. */
export function isIban(compact: string): boolean {
  const country = compact.slice(0, 2);
  const expected = IBAN_LENGTHS[country];
  if (expected ? compact.length !== expected : compact.length < 15 || compact.length > 34) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/**
 * Whether a run of digits and separators reads as a phone number rather than a date, a time, a
 * version, an IP address or an amount: 7 to 15 digits after a '+', otherwise 10 or 11 digits in
 * groups (a lone run of digits is an id, not a number to call).
 */
export function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, "");
  const international = candidate.startsWith("+") || candidate.startsWith("00");
  if (international ? digits.length < 8 || digits.length > 15 : digits.length < 10 || digits.length > 11) return false;
  const groups = candidate.replace(/^(?:\+|00)/, "").split(/[\s.\-()]+/).filter(Boolean);
  if (!international && groups.length < 2 && !candidate.includes("(")) return false;
  // A count (1 2 3 4 5 ...) is not a number; one single digit (+33 6 12 ...) can be.
  if (groups.slice(international ? 1 : 0).filter((g) => g.length === 1).length > 1) return false;
  // Dates (2024-01-15, 15.01.2024), IP addresses, dotted versions and amounts (1 234 567 890) are digit groups too.
  if (/^\d{4}[-.]\d{1,2}[-.]\d{1,2}/.test(candidate) || /^\d{1,2}[-.]\d{1,2}[-.]\d{4}/.test(candidate)) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(candidate)) return false;
  if (!international && (/^\d{1,3}(?:([ .])\d{3})+$/.test(candidate) || (groups.every((g) => g.length <= 3) && candidate.includes(".")))) return false;
  if (/^(\d)\1+$/.test(digits)) return false;
  return true;
}

/** Values that stand in for a secret in documentation rather than being one. */
export function isPlaceholderSecret(value: string): boolean {
  return /^(?:\*+|x+|\.+|<[^>]*>|\$\{?[A-Za-z_][\w]*\}?|%[A-Za-z_]+%|\{\{[^}]*\}\}|pass(?:word)?|secret|changeme|your[-_a-z]*|redacted|\[redacted[^\]]*\])$/i.test(value);
}
