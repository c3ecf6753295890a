import { z } from "zod";
import { DISCOVERY_LIMITS, HANDLE_PATTERN } from "../discovery";

/** A handle as typed in the profile tab or read from /u/{handle}; case is ignored. */
export const handleInput = z
  .string({ message: "must be a handle" })
  .trim()
  .toLowerCase()
  .min(DISCOVERY_LIMITS.handleMin, `A handle needs at least ${DISCOVERY_LIMITS.handleMin} characters.`)
  .max(DISCOVERY_LIMITS.handleMax, `A handle can be at most ${DISCOVERY_LIMITS.handleMax} characters.`)
  .regex(HANDLE_PATTERN, "A handle can use only letters a-z, digits and single hyphens between them.");
