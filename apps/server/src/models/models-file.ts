import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * MODELS_FILE: extra OpenAI-compatible services (Gemini, Mistral, Groq, Together, OpenRouter,
 * vLLM, llama.cpp...) and extra built-in prompts, as JSON. A service's key is named by the
 * environment variable that holds it (`apiKeyEnv`), so the file itself holds no secret.
 */
const modelSpec = z.union([z.string().min(1), z.object({ version: z.string().min(1), name: z.string().min(1).optional() })]);
const fileSchema = z.object({
  services: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, "must be lower-case letters, digits and dashes"),
        name: z.string().min(1),
        baseURL: z.url({ protocol: /^https?$/ }),
        apiKeyEnv: z
          .string()
          .regex(/^[A-Z_][A-Z0-9_]*$/, "must name an environment variable")
          .optional(),
        models: z.array(modelSpec).min(1),
      }),
    )
    .default([]),
  prompts: z.array(z.object({ key: z.string().min(1), name: z.string().min(1), prompt: z.string().min(1) })).default([]),
});

export type ModelsFile = {
  services: { id: string; name: string; baseURL: string; apiKey?: string; models: z.infer<typeof modelSpec>[] }[];
  prompts: { key: string; name: string; prompt: string }[];
};

/** Reads and checks the file; throws an Error whose message names the file and the problem. */
export function readModelsFile(path: string, env: Record<string, string | undefined>): ModelsFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`MODELS_FILE (${path}) cannot be read as JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "file"}: ${i.message}`).join("; ");
    throw new Error(`MODELS_FILE (${path}) is not valid: ${problems}`);
  }
  return {
    prompts: parsed.data.prompts,
    services: parsed.data.services.map(({ apiKeyEnv, ...service }) => ({
      ...service,
      apiKey: apiKeyEnv ? env[apiKeyEnv]?.trim() || undefined : undefined,
    })),
  };
}
