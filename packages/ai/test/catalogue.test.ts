import { describe, expect, it } from "vitest";
import { buildCatalogue, CatalogueConfigError, DEFAULT_ANTHROPIC_MODELS, DEFAULT_OPENAI_MODELS } from "../src";

describe("buildCatalogue", () => {
  it("offers the default OpenAI and Anthropic models and the demo last, with stable ids", () => {
    const entries = buildCatalogue({ demo: true });
    expect(entries.map((entry) => entry.id)).toEqual([
      ...DEFAULT_OPENAI_MODELS.map((model) => `openai:${model}`),
      ...DEFAULT_ANTHROPIC_MODELS.map((model) => `anthropic:${model}`),
      "demo:parley-demo",
    ]);
    expect(entries.at(-1)).toEqual({ id: "demo:parley-demo", name: "Parley Demo (offline)", version: "parley-demo", service: "demo", baseUrl: null });
    expect(entries[0]).toMatchObject({ service: "openai", version: DEFAULT_OPENAI_MODELS[0], baseUrl: null });
    expect(entries.find((entry) => entry.version === "claude-haiku-4-5")?.name).toBe("Claude Haiku 4.5");
  });

  it("uses the configured model lists, where an empty list offers none, and leaves the demo out when disabled", () => {
    const entries = buildCatalogue({
      openai: { models: ["gpt-4o-mini", { version: "my-tuned-model", name: "My tuned model" }, "gpt-4o-mini"] },
      anthropic: { models: [] },
      demo: false,
    });
    expect(entries).toEqual([
      { id: "openai:gpt-4o-mini", name: "GPT-4o mini", version: "gpt-4o-mini", service: "openai", baseUrl: null },
      { id: "openai:my-tuned-model", name: "My tuned model", version: "my-tuned-model", service: "openai", baseUrl: null },
    ]);
  });

  it("lists compatible services and a discovered Ollama with their base URLs", () => {
    const entries = buildCatalogue({
      openai: { models: [] },
      anthropic: { models: [] },
      compatible: [
        { id: "groq", name: "Groq", baseURL: "https://api.groq.com/openai/v1", apiKey: "gsk", models: ["llama-3.3-70b-versatile"] },
        {
          id: "gemini",
          name: "Gemini",
          baseURL: "https://generativelanguage.googleapis.com/v1beta/openai/",
          models: [{ version: "gemini-2.5-flash", name: "Gemini 2.5 Flash" }],
        },
      ],
      ollama: { baseURL: "http://127.0.0.1:11434/", models: ["llama3.2:latest", "qwen3:8b"] },
      demo: false,
    });
    expect(entries).toEqual([
      {
        id: "groq:llama-3.3-70b-versatile",
        name: "llama-3.3-70b-versatile",
        version: "llama-3.3-70b-versatile",
        service: "groq",
        baseUrl: "https://api.groq.com/openai/v1",
      },
      {
        id: "gemini:gemini-2.5-flash",
        name: "Gemini 2.5 Flash",
        version: "gemini-2.5-flash",
        service: "gemini",
        baseUrl: "https://generativelanguage.googleapis.com/v1beta/openai/",
      },
      { id: "ollama:llama3.2:latest", name: "llama3.2", version: "llama3.2:latest", service: "ollama", baseUrl: "http://127.0.0.1:11434/v1" },
      { id: "ollama:qwen3:8b", name: "qwen3:8b", version: "qwen3:8b", service: "ollama", baseUrl: "http://127.0.0.1:11434/v1" },
    ]);
  });

  it.each([
    ["openai", /reserved/],
    ["demo", /reserved/],
    ["Bad Id", /lower-case/],
    ["", /lower-case/],
  ])("refuses the service id %j", (id, message) => {
    const config = { compatible: [{ id, name: "X", baseURL: "http://127.0.0.1:1/v1", models: ["m"] }], demo: false };
    expect(() => buildCatalogue(config)).toThrow(CatalogueConfigError);
    expect(() => buildCatalogue(config)).toThrow(message);
  });

  it("refuses a service configured twice", () => {
    const service = { id: "groq", name: "Groq", baseURL: "https://api.groq.com/openai/v1", models: ["m"] };
    expect(() => buildCatalogue({ compatible: [service, service], demo: false })).toThrow(/configured twice/);
  });
});
