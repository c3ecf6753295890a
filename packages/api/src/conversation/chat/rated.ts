import { DEMO_MODEL } from "@parley/ai";

/**
 * Models that are never rated: the offline demo only repeats what it is asked, so a vote or a
 * verdict between it and a model says nothing of either. It takes no part in battles and no
 * vote that shows it counts on the board (or in the votes download); it can still be compared by
 * hand, and a comparison shows it as 'not rated'.
 */
const UNRATED_MODELS: ReadonlySet<string> = new Set([`${DEMO_MODEL.service}:${DEMO_MODEL.version}`]);

/** Whether a model (by catalogue id; a comparison's model without one, by its key) is rated: may be drawn into a battle, and counts on the board. */
export const isRatedModel = (modelId: string) => !UNRATED_MODELS.has(modelId);

/** Whether a vote among these models (catalogue ids or keys, as shown) may count on the board: none of them is unrated. */
export const ratedVote = (shown: readonly string[]) => shown.every(isRatedModel);
