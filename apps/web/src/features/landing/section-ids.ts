/** Ids of the landing's feature sections, the targets of the hero's buttons. */
export const SECTION_IDS = {
  discover: "discover",
  share: "share",
  compare: "compare",
} as const;
