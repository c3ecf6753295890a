import type { StreamEvent } from "../src";

/** Reads a whole stream: the text, the usage events, and every event in order. */
export async function collect(stream: AsyncIterable<StreamEvent>) {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  const text = events.map((event) => (event.type === "text" ? event.text : "")).join("");
  const usage = events.filter((event) => event.type === "usage");
  return { text, usage, events };
}

/** Reads a stream that is expected to fail, keeping the text that arrived before the failure. */
export async function collectUntilError(stream: AsyncIterable<StreamEvent>) {
  let text = "";
  try {
    for await (const event of stream) if (event.type === "text") text += event.text;
  } catch (error) {
    return { text, error };
  }
  throw new Error(`the stream completed, expected a failure (text: ${text})`);
}
