import { errorCodeOf } from "../../lib/trpc";

/**
 * The spec's two kinds of comment failure: the server answered with an error ("Failed to
 * ..."), or the call broke on the way, e.g. the network ("An error occurred while ...").
 */
export function failureText(error: unknown, texts: { answered: string; broken: string }): string {
  return errorCodeOf(error) ? texts.answered : texts.broken;
}
