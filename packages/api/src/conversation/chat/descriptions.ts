/** Longest description derived from a first message. */
const DERIVED_DESCRIPTION_LENGTH = 80;

/** A new session's description: the first message on one line, shortened at a word boundary. */
export function describeFirstMessage(message: string): string {
  const line = message.replace(/\s+/g, " ").trim();
  if (line.length <= DERIVED_DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DERIVED_DESCRIPTION_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > DERIVED_DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
