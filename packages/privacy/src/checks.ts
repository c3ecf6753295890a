import { isValidIBAN } from "ibantools";
import { isValidPhoneNumber } from "libphonenumber-js/max";

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
 * 2221-2720, 16), American Express (34/37, 15), Diners (30/36/38, 14-19), Discover, UnionPay,
 * Maestro and JCB (6 and 35, 16-19), UATP (1, 15), Dankort (5019, 16), Maestro (50, 56-58,
 * 13-19) and Mir (2200-2204, 16-19), Luhn-valid. A Luhn-valid order number starting with
 * 7, 8 or 9 is not a card.
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
    ((two === 30 || two === 36 || two === 38) && n >= 14) ||
    ((digits[0] === "6" || two === 35) && n >= 16) ||
    (digits[0] === "1" && n === 15) ||
    (four === 5019 && n === 16) ||
    ((two === 50 || (two >= 56 && two <= 58)) && n >= 13) ||
    (four >= 2200 && four <= 2204 && n >= 16);
  return shaped && !/^(\d)\1+$/.test(digits) && passesLuhn(digits);
}

/** An IBAN (spaces removed): its country's length and BBAN format and the mod-97 check of ISO 7064 (ibantools). */
export function isIban(compact: string): boolean {
  return isValidIBAN(compact);
}

/** Countries whose national numbers start with a trunk prefix 0, and those of the North American plan. */
const TRUNK_ZERO_COUNTRIES = ["GB", "FR", "DE", "NL", "BE", "ES", "IT", "CH", "AT", "IE", "AU", "IN", "BR", "JP"] as const;
const NANP_COUNTRIES = ["US", "CA"] as const;

/**
 * Whether a number is one that can be called (libphonenumber's metadata: the country's lengths
 * and number ranges): a '+' or '00' number as it is; a national one written as people write them
 * at home, with its trunk 0 (`020 7946 0958`) or in the North American (NXX) NXX-XXXX shape.
 * Other bare digit groups are more often an order or an account number than a line.
 */
export function isDiallable(candidate: string): boolean {
  let known = diallable.get(candidate);
  if (known === undefined) {
    // The same numbers come back (a reply repeats the message): each is checked once, in a bounded memo.
    if (diallable.size >= 10_000) diallable.clear();
    known = checkDiallable(candidate);
    diallable.set(candidate, known);
  }
  return known;
}

const diallable = new Map<string, boolean>();

function checkDiallable(candidate: string): boolean {
  if (candidate.startsWith("+")) return isValidPhoneNumber(candidate);
  if (candidate.startsWith("00")) return isValidPhoneNumber(`+${candidate.slice(2)}`);
  if (candidate.startsWith("0")) return TRUNK_ZERO_COUNTRIES.some((country) => isValidPhoneNumber(candidate, country));
  return /^(?:\(\d{3}\) ?|\d{3}[ .-])\d{3}[ .-]\d{4}$/.test(candidate) && NANP_COUNTRIES.some((country) => isValidPhoneNumber(candidate, country));
}

/**
 * Whether a run of digits and separators reads as a phone number rather than a date, a time, a
 * version, an IP address or an amount: 7 to 15 digits after a '+', otherwise 10 or 11 digits in
 * groups (a lone run of digits is an id, not a number to call).
 */
export function isPhoneShaped(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, "");
  const international = candidate.startsWith("+") || candidate.startsWith("00");
  if (international ? digits.length < 8 || digits.length > 15 : digits.length < 10 || digits.length > 11) return false;
  const groups = candidate
    .replace(/^(?:\+|00)/, "")
    .split(/[\s.\-()]+/)
    .filter(Boolean);
  if (!international && groups.length < 2 && !candidate.includes("(")) return false;
  // A count (1 2 3 4 5 ...) is not a number; one single digit (+33 6 12 ...) can be.
  if (groups.slice(international ? 1 : 0).filter((g) => g.length === 1).length > 1) return false;
  // Dates (2024-01-15, 15.01.2024), IP addresses, dotted versions and amounts (1 234 567 890) are digit groups too.
  if (/^\d{4}[-.]\d{1,2}[-.]\d{1,2}/.test(candidate) || /^\d{1,2}[-.]\d{1,2}[-.]\d{4}/.test(candidate)) return false;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(candidate)) return false;
  if (!international && (/^\d{1,3}(?:([ .])\d{3})+$/.test(candidate) || (groups.every((g) => g.length <= 3) && candidate.includes(".")))) return false;
  return !/^(\d)\1+$/.test(digits);
}

/** A phone number: shaped as one, and one that can be called. */
export function isPhoneNumber(candidate: string): boolean {
  return isPhoneShaped(candidate) && isDiallable(candidate);
}

/** Values that stand in for a secret in documentation rather than being one. */
export function isPlaceholderSecret(value: string): boolean {
  return /^(?:\*+|x+|\.+|<[^>]*>|\$\{?[A-Za-z_][\w]*\}?|%[A-Za-z_]+%|\{\{[^}]*\}\}|pass(?:word)?|secret|changeme|your[-_a-z]*|redacted|\[redacted[^\]]*\])$/i.test(
    value,
  );
}
