// E-mail addresses compared as people read them, and the addresses that only look like others.

/**
 * An address as it is compared: Unicode NFKC (the Kelvin sign becomes K, full-width letters
 * plain ones) then case-folded (upper then lower case, so ß and SS fold alike).
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
}

/** Characters that do not show (zero-width spaces and joiners, direction marks...). */
const INVISIBLE = /[\p{Cf}\p{Cc}]/u;

/**
 * Whether an address could pass for another: it changes under NFKC (a Kelvin sign, full-width
 * letters), holds a character that does not show, or mixes ASCII with other letters (a Cyrillic
 * 'а' in an otherwise Latin address). A wholly non-Latin address is not refused.
 */
export function isConfusableEmail(email: string): boolean {
  if (email.normalize("NFKC") !== email || INVISIBLE.test(email)) return true;
  const letters = email.replace(/[^\p{L}]/gu, "");
  return /[^A-Za-z]/.test(letters) && /[A-Za-z]/.test(letters);
}
