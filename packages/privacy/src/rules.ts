import { isCardNumber, isDiallable, isIban, isPhoneShaped, isPlaceholderSecret } from "./checks";
import type { FindingKind } from "./kinds";

/**
 * One rule: a global pattern, an optional cheap test that the text can hold a match at all, the
 * capture group that is the sensitive part (the whole match otherwise), and a check of what it found.
 */
export type Rule = {
  kind: FindingKind;
  /** The provider of an API key, shown with it ("OpenAI"). */
  provider?: string;
  /** What it looks for: a global pattern, or (where a pattern cannot be linear) a function giving each match's offsets. */
  pattern?: RegExp;
  find?: (text: string) => Iterable<readonly [number, number]>;
  mayContain?: (text: string) => boolean;
  group?: number;
  /** Whether a match is a finding; `nth` counts the matches before it in the text (or slice) read. */
  accept?: (found: string, nth: number) => boolean;
};

const hasDigits = (min: number) => (text: string) => {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57 && ++count >= min) return true;
  }
  return false;
};

const includes =
  (...needles: string[]) =>
  (text: string) =>
    needles.some((needle) => text.includes(needle));

/** Common file extensions, so `logo@2x.png` or `icon@3x.webp` is not taken for an address. */
const FILE_EXTENSIONS = /\.(?:png|jpe?g|gif|svg|webp|avif|ico|bmp|tiff?|js|mjs|cjs|ts|tsx|jsx|css|scss|json|ya?ml|md|html?|txt|pdf|zip|gz|tar|lock|map)$/i;

/** The longest finding a rule makes: a slice of a long text overlaps the next by this much (scan.ts). */
export const LONGEST_FINDING = 16_384;

const KEY_HEADER = /-----BEGIN ((?:[A-Z0-9]+ ){0,3})PRIVATE KEY( BLOCK)?-----/g;
const KEY_FOOTER = /-----END ((?:[A-Z0-9]+ ){0,3})PRIVATE KEY( BLOCK)?-----/g;
/** What a PEM body holds: base64, its line breaks, and header lines (`Proc-Type: 4,ENCRYPTED`). */
const isBase64OrHeader = (c: number) =>
  (c >= 65 && c <= 90) ||
  (c >= 97 && c <= 122) ||
  (c >= 48 && c <= 57) ||
  c === 43 ||
  c === 47 ||
  c === 61 ||
  c === 58 ||
  c === 44 ||
  c === 45 ||
  c === 32 ||
  c === 9 ||
  c === 10 ||
  c === 13;

/**
 * Private-key blocks: each BEGIN line to the first END line of the same kind before the next
 * BEGIN line, else to the end of the base64 after it (a key cut off). The lines are found in one
 * pass each, so a text of many BEGIN lines and no END is read once, not once per line.
 */
function* findPrivateKeys(text: string): Generator<readonly [number, number]> {
  const footers = [...text.matchAll(KEY_FOOTER)];
  const headers = [...text.matchAll(KEY_HEADER)];
  let f = 0;
  for (const [i, header] of headers.entries()) {
    const start = header.index;
    const bodyStart = start + header[0].length;
    const limit = Math.min(headers[i + 1]?.index ?? text.length, start + LONGEST_FINDING);
    while (f < footers.length && footers[f]!.index < bodyStart) f++;
    let end = -1;
    for (let g = f; g < footers.length && footers[g]!.index + footers[g]![0].length <= limit; g++) {
      if (footers[g]![1] === header[1] && footers[g]![2] === header[2]) {
        end = footers[g]!.index + footers[g]![0].length;
        break;
      }
    }
    if (end < 0) {
      end = bodyStart;
      while (end < limit && isBase64OrHeader(text.charCodeAt(end))) end++;
    }
    yield [start, end];
  }
}

/** An API key's rule: a provider's prefix and what follows it, whole (not inside a longer word). */
const key = (provider: string, source: string, mayContain: string[]): Rule => ({
  kind: "api_key",
  provider,
  pattern: new RegExp(`(?<![A-Za-z0-9_-])(?:${source})(?![A-Za-z0-9_-])`, "g"),
  mayContain: includes(...mayContain),
  // A key in documentation is often written with a run of x or * instead of characters.
  accept: (found) => !/(?:x{6,}|X{6,}|\*{3,}|\.{3,}|0{10,400})/.test(found),
});

/**
 * Runs shaped like an IBAN whose check fails (a typo, a made-up example) are still no phone
 * number: the digits of `DE89 3704 0044 0532 0130 01` are an account's, not a line's.
 */
export const IBAN_SHAPE = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g;

/** How many phone-like numbers of a slice are checked against the numbering plans (libphonenumber). */
const PHONES_CHECKED = 200;

/** Every rule of the privacy check, in one place (docs/privacy.md lists them). */
export const RULES: readonly Rule[] = [
  {
    kind: "private_key",
    // A whole PEM or PGP block, or from its first line to the end of the base64 when it was cut off.
    find: findPrivateKeys,
    mayContain: includes("PRIVATE KEY"),
  },
  key("Anthropic", "sk-ant-[A-Za-z0-9_-]{20,400}", ["sk-ant-"]),
  key("OpenAI", "sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,400}|sk-(?!ant-)[A-Za-z0-9]{20,400}(?:T3BlbkFJ[A-Za-z0-9]{20,400})?", ["sk-"]),
  key("GitHub", "gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255}", ["gh", "github_pat_"]),
  key("AWS", "(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}", ["AKIA", "ASIA", "ABIA", "ACCA"]),
  {
    // A secret access key has no prefix of its own: it is the value of the setting that names it.
    kind: "api_key",
    provider: "AWS",
    pattern: /(?<![A-Za-z0-9_])(?:aws_?)?secret_?(?:access_?)?key["']?\s{0,8}[:=]>?\s{0,8}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gi,
    mayContain: (text) => /secret_?(?:access_?)?key/i.test(text),
    group: 1,
    accept: (secret) => !isPlaceholderSecret(secret) && !/(.)\1{9}/.test(secret),
  },
  key("AWS Bedrock", "ABSK[A-Za-z0-9+/]{80,400}={0,2}|bedrock-api-key-[A-Za-z0-9+/]{40,2000}={0,2}", ["ABSK", "bedrock-api-key-"]),
  key("Stripe", "(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,400}|whsec_[A-Za-z0-9]{24,400}", ["_live_", "_test_", "whsec_"]),
  key("Google", "AIza[0-9A-Za-z_-]{35}", ["AIza"]),
  key(
    "Slack",
    "xox[abposre]-[A-Za-z0-9-]{10,400}|xapp-\\d-[A-Za-z0-9-]{10,400}|https://hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/]{20,400}",
    ["xox", "xapp-", "hooks.slack.com"],
  ),
  key("SendGrid", "SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}", ["SG."]),
  key("Shopify", "shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}", ["shp"]),
  key("Linear", "lin_api_[A-Za-z0-9]{40}", ["lin_api_"]),
  key("Hugging Face", "hf_[A-Za-z0-9]{34,400}", ["hf_"]),
  key("GitLab", "glpat-[A-Za-z0-9_-]{20,400}", ["glpat-"]),
  key("npm", "npm_[A-Za-z0-9]{36}", ["npm_"]),
  key("JSON Web Token", "eyJ[A-Za-z0-9_-]{10,4000}\\.eyJ[A-Za-z0-9_-]{10,4000}\\.[A-Za-z0-9_-]{10,4000}", ["eyJ"]),
  {
    kind: "url_password",
    // scheme://user:password@host: only the password is the secret. The scheme starts only where
    // a run of scheme characters starts (not at every letter of `a.b.c...`), so each run is read once.
    pattern: /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^\s:@/?#]+:([^\s@/?#]+)@[^\s/?#]/gi,
    mayContain: includes("://"),
    group: 1,
    accept: (password) => !isPlaceholderSecret(password),
  },
  {
    kind: "card",
    // 13 to 19 digits in one run, or grouped as cards print them (4-4-4-4 and longer or shorter
    // last groups, Amex 4-6-5, UATP 4-5-6).
    pattern: /(?<![A-Za-z\d.,-])(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{1,4}(?:\1\d{1,3})?|\d{4}([ -])\d{6}\2\d{4,5}|\d{4}([ -])\d{5}\3\d{6})(?![\d.,-]?\d)/g,
    mayContain: hasDigits(13),
    accept: (found) => isCardNumber(found.replace(/[ -]/g, "")),
  },
  {
    kind: "iban",
    pattern: IBAN_SHAPE,
    mayContain: hasDigits(10),
    accept: (found) => isIban(found.replace(/ /g, "")),
  },
  {
    kind: "email",
    // Letters of any script in the local part and the domain (an internationalised address), and
    // punycode labels (`xn--...`) anywhere in the domain, its last label too.
    pattern:
      /(?<![\p{L}\p{N}\p{M}._%+-])[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}._%+-]{0,63})@(?:[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?\.)+(?:\p{L}[\p{L}\p{M}]{1,23}|xn--[a-z0-9-]{1,59})(?![\p{L}\p{N}\p{M}-]|:[^\s])/giu,
    mayContain: includes("@"),
    accept: (found) => !FILE_EXTENSIONS.test(found) && !/\.\./.test(found),
  },
  {
    kind: "phone",
    // Digit groups with separators (an optional country code and area code in brackets), or '+' and the digits.
    pattern: /(?<![\w+.\-/:])(?:(?:\+|00)\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{1,5}(?:[ .-]\d{1,8}){1,5}(?![\w/:]|[.,-]\d)|(?<![\w+])\+\d{8,15}(?!\w)/g,
    mayContain: hasDigits(8),
    // libphonenumber's check costs about 0.1 ms a number: past the first 200 numbers of a slice
    // (a list, a dump), the rest are judged by their shape alone, so the check stays quick.
    accept: (found, nth) => isPhoneShaped(found) && (nth >= PHONES_CHECKED || isDiallable(found)),
  },
];
