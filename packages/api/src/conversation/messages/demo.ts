import { MESSAGES } from "@parley/contracts";

/** The demo message of /public, for anyone. */
export const publicDemoMessage = () => ({ text: MESSAGES.publicDemo });

/** The demo message of /protected, for a signed-in caller. */
export const protectedDemoMessage = () => ({ text: MESSAGES.protectedDemo });
