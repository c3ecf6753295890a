export { startFakeAnthropicServer } from "./fake-anthropic";
export { startFakeOpenAIServer, type FakeOpenAIOptions } from "./fake-openai";
export type { FakeScenario, FakeServer, FakeServerOptions, FakeUsage, RecordedRequest } from "./scenario";
