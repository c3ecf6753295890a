// The moderation inputs live in @parley/contracts with every other procedure's input.
export { ITEM_KINDS, type ItemKind, type ItemRef } from "@parley/contracts";
