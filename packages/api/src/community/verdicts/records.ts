import { models, type Executor } from "@parley/db";
import { battleVoteRecords, battleVotesLeftOut } from "../battles/records";
import type { VoteCounting } from "../post/votes";
import { postVoteRecords, type ModelNames } from "./post-records";
import type { LeftOut, VoteRecord } from "./types";

/** Every counted vote the board is fitted on (comparison posts and battles), what was left out, and the models' names. */
export async function loadVoteRecords(db: Executor, counting: VoteCounting): Promise<{ records: VoteRecord[]; leftOut: LeftOut[]; names: ModelNames }> {
  const posted = await postVoteRecords(db, counting);
  const records = posted.records;
  for (const record of await battleVoteRecords(db)) records.push(record);
  const leftOut = [...posted.leftOut, ...(await battleVotesLeftOut(db))];
  const names: ModelNames = new Map(posted.names);
  // A model known only from battles is named as the catalogue names it.
  for (const row of await db.select({ id: models.id, name: models.name }).from(models)) {
    if (!names.has(row.id)) names.set(row.id, { modelId: row.id, modelName: row.name });
  }
  return { records, leftOut, names };
}
