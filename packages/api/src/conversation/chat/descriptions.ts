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

type FirstExchange = { id: number; parentEntryId: number | null; messageContent: string };

/**
 * Whether a conversation's title should follow its branch: its description was made from a first
 * message (describeFirstMessage) that the branch no longer starts with, because the owner edited
 * that message away. A description the conversation was given otherwise (an import's title, a
 * clone's) is the owner's own and stays, as does one that is the branch's own first message's.
 */
export function titleFollowsBranch(description: string, exchanges: readonly FirstExchange[], branchRoot: FirstExchange | undefined): boolean {
  if (description === "" || branchRoot === undefined) return false;
  // Each first message is read once, in linear time (as the conversation itself is).
  const madeBy = (e: FirstExchange) => e.parentEntryId === null && describeFirstMessage(e.messageContent) === description;
  if (madeBy(branchRoot)) return false;
  return exchanges.some((e) => e.id !== branchRoot.id && madeBy(e));
}
