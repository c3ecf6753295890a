import type { ExportFormat } from "@parley/contracts";

/** One message of an exported conversation, whoever wrote it. */
export type TranscriptMessage = {
  role: "user" | "assistant";
  author: string;
  content: string;
  timestamp: string;
  /** An answer's key, for its link (docs/reach.md, 'Links to one answer'); null for a prompt. Not part of a download. */
  answer: string | null;
};

/** A conversation or a post as it is downloaded or shown on a public page. */
export type Transcript = {
  kind: "conversation" | "post";
  title: string;
  author: string;
  categories: string[];
  models: string[];
  createdAt: string;
  messages: TranscriptMessage[];
};

/** A file to download: its name, type and content. */
export type Download = { filename: string; contentType: string; body: string };

/**
 * The transcript as a file: Markdown (a heading per message, the text as written) or JSON
 * (`format: "parley.transcript"`, version 1).
 */
export function renderTranscript(transcript: Transcript, format: ExportFormat, exportedAt: Date): Download {
  const base = `parley-${transcript.kind}-${slugOf(transcript.title)}`;
  if (format === "json") {
    const body = JSON.stringify({ format: "parley.transcript", version: 1, exported_at: exportedAt.toISOString(), ...toJson(transcript) }, null, 2);
    return { filename: `${base}.json`, contentType: "application/json; charset=utf-8", body: `${body}\n` };
  }
  return { filename: `${base}.md`, contentType: "text/markdown; charset=utf-8", body: toMarkdown(transcript, exportedAt) };
}

function toJson(t: Transcript) {
  return {
    kind: t.kind,
    title: t.title,
    author: t.author,
    categories: t.categories,
    models: t.models,
    created_at: t.createdAt,
    messages: t.messages.map(({ role, author, content, timestamp }) => ({ role, author, content, timestamp })),
  };
}

function toMarkdown(t: Transcript, exportedAt: Date): string {
  const lines = [`# ${oneLine(t.title) || "Untitled conversation"}`, ""];
  lines.push(`- Author: ${oneLine(t.author)}`);
  if (t.models.length > 0) lines.push(`- Models: ${t.models.map(oneLine).join(", ")}`);
  if (t.categories.length > 0) lines.push(`- Categories: ${t.categories.join(", ")}`);
  lines.push(`- Created: ${t.createdAt}`, `- Exported from Parley: ${exportedAt.toISOString()}`, "");
  for (const message of t.messages) {
    lines.push("---", "", `## ${oneLine(message.author)} (${message.role === "user" ? "prompt" : "reply"}, ${message.timestamp})`, "", message.content, "");
  }
  if (t.messages.length === 0) lines.push("No messages to display", "");
  return lines.join("\n");
}

/** A heading or list item stays on one line whatever the name or title holds. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** A file name from a title: lower-case letters and digits joined by dashes. */
function slugOf(title: string): string {
  const slug = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "untitled";
}
