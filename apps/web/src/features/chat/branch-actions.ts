import { createContext, useContext } from "react";

/** Where an exchange stands among its versions (edits and regenerations), oldest first. */
export type Siblings = { position: number; count: number; ids: number[] };

/** What the owner of a conversation can do with one of its exchanges. */
export type BranchActions = {
  /** A reply is streaming: nothing else may start. */
  busy: boolean;
  models: { id: string; name: string }[];
  /** The model a new reply uses unless another is chosen. */
  defaultModelId: string;
  /** Sends `text` as a new version of the exchange `entryId`. */
  edit: (entryId: number, text: string) => void;
  /** Asks again for a reply to the exchange `entryId`'s message, on `modelId`. */
  regenerate: (entryId: number, message: string, modelId: string) => void;
  /** Shows the branch through exchange `entryId`. */
  switchTo: (entryId: number) => void;
};

/** Present only on the owner's own conversation; shared views offer no branch actions. */
export const BranchActionsContext = createContext<BranchActions | null>(null);

export const useBranchActions = () => useContext(BranchActionsContext);

export const BRANCH_TEXTS = {
  edit: "Edit message",
  editLabel: "Edit your message",
  editHint: "Enter sends, Shift+Enter adds a new line, Escape cancels.",
  saveEdit: "Send",
  cancel: "Cancel",
  regenerate: "Regenerate",
  regenerateReply: "Regenerate reply",
  regenerateModel: "Model for the new reply",
  previous: "Previous version",
  next: "Next version",
  versions: "Versions of this message",
} as const;
