import { AppError } from "../../kit/errors";

const MESSAGE = "cursor: must be the nextCursor of a previous page";

/** A keyset cursor of a list ordered by a time and an id (newest first). */
export const encodeTimeCursor = (time: string, id: number) => `${time}_${id}`;

/** The time and id of a cursor from `encodeTimeCursor`, or a BAD_REQUEST. */
export function decodeTimeCursor(cursor: string): { time: string; id: number } {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6})_(\d{1,10})$/.exec(cursor);
  const id = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(id) || Number.isNaN(Date.parse(`${match[1]}Z`))) throw new AppError("BAD_REQUEST", MESSAGE);
  return { time: match[1]!, id };
}
