/** Texts of comparing models side by side. */
export const COMPARE_TEXTS = {
  toggle: "Compare",
  pickerLegend: "Models to compare",
  pickHint: (min: number, max: number) => `Pick ${min} to ${max} models: one message goes to all of them.`,
  following: (names: string) => `Comparing ${names}. A follow-up goes to every model.`,
  /** Where fewer than two models are usable: what would add more. */
  tooFewModels: (count: number) =>
    `Comparing needs at least 2 models, and ${count === 0 ? "none is" : count === 1 ? "only 1 is" : `only ${count} are`} available to you. To add models:`,
  addOwnKeys: "Add your own OpenAI or Claude key under Admin → API Keys",
  addOwnKeysAfter: ": their models then appear here, and are never charged to your allowance.",
  addOllamaBefore: "Run ",
  addOllamaAfter: " on the server's machine: Parley offers a local Ollama's models when it starts (OLLAMA_BASE_URL).",
  addModelsFileBefore: "Or the operator lists other OpenAI-compatible services (Gemini, Mistral, Groq…) in a ",
  addModelsFileAfter: " (see .env.example) and restarts Parley.",
  tabsLabel: "Compared models",
  waiting: "Waiting for the reply…",
  continueWith: "Continue with this model",
  tokens: (count: number) => `${count.toLocaleString("en-US")} tokens`,
  listMark: (count: number) => `Compare: ${count} models`,
  pickFailed: (message: string) => `Could not continue with this model: ${message}`,
  unavailableBadge: "Not available to you",
  unavailableColumn: "You cannot ask this model: add a key for its service under Admin → API Keys.",
  /** Above the composer of a comparison some of whose models the person cannot use. */
  unavailableNotice: (names: string[]) =>
    `${names.join(", ")} ${names.length === 1 ? "is" : "are"} not available to you, so a follow-up cannot go to every model. Add a key for ${names.length === 1 ? "its service" : "their services"} under Admin → API Keys, or continue with one of the other models.`,
  /** A stored failure kind as a person reads it. */
  errorOf: (error: string) =>
    ({
      auth: "The model service did not accept the API key.",
      rate_limit: "The model service is busy or its quota is used up. Try again in a moment.",
      bad_request: "The model service could not process this request.",
      unavailable: "The model service is unavailable right now. Try again later.",
      timeout: "The model service took too long to answer.",
    })[error] ?? error,
} as const;

/** Fewest and most models one comparison asks. */
export const COMPARE_LIMITS = { min: 2, max: 4 } as const;
