// The variables filler, on its own so the chat can load it (with the contracts' prompt schemas
// and zod beside it) when a prompt is chosen rather than with the page.
export { fillPromptVariables } from "@parley/contracts";
