import type { StreamRequest } from "./types";

const SUMMARY_LIMIT = 120;

/** The last user message on one line, shortened to a readable length. */
function summarise(text: string, limit: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= limit ? line : `${line.slice(0, limit - 1).trimEnd()}…`;
}

/**
 * The demo model's whole reply: it says what it is, echoes what it was asked, and says what the
 * person can do to use a real model (not how the server is set up: they may not run it), so
 * nobody mistakes it for an AI. Deterministic for a given request.
 */
export function composeDemoReply(request: Pick<StreamRequest, "messages" | "system">): string {
  const lastUser = [...request.messages].reverse().find((turn) => turn.role === "user");
  const asked = lastUser ? summarise(lastUser.content, SUMMARY_LIMIT) : "";
  const paragraphs = [
    "This is the **offline demo of Parley**, not a real AI model: it does not understand messages, it only repeats them.",
    asked ? `You asked: “${asked}”` : "You sent an empty message.",
  ];
  if (request.system) paragraphs.push(`The selected prompt begins: “${summarise(request.system, 60)}”`);
  const turns = request.messages.length;
  paragraphs.push(
    `This conversation has ${turns} ${turns === 1 ? "message" : "messages"} so far.`,
    "To chat with a real model, add your own OpenAI or Claude API key under **Admin → API Keys** " +
      "(its models then appear in the model list, never charged to your allowance), " +
      "or pick another model in the model list if one is offered.",
  );
  // Blank lines between paragraphs, since the chat renders replies as markdown.
  return paragraphs.join("\n\n");
}

/** Splits a reply into word-sized chunks (each keeps its trailing space) to stream like a model. */
export function chunkReply(reply: string): string[] {
  return reply.match(/\S+\s*|\s+/g) ?? [];
}
