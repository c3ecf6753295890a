import { z } from "zod";

/** Answers of the two demo message procedures, by procedure name (they take no input). */
export const messagesOutputs = {
  public: z.object({ text: z.string() }),
  protected: z.object({ text: z.string() }),
} as const;
