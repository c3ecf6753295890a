import { z } from "zod";

const demoMessage = z.object({ text: z.string() });

/** Answers of the two demo message procedures, by procedure name (they take no input). */
export const messagesOutputs = {
  public: demoMessage,
  protected: demoMessage,
} as const;
