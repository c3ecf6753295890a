import { z } from "zod";
import { IMPORT_LIMITS, IMPORT_SIZE_TEXT } from "@parley/contracts";
import { AppError } from "../kit/errors";

/** One exchange to store: the person's message and the reply that followed it. */
export type ImportedExchange = { message: string; response: string; modelId: string | null; createdAt: Date };
/** One conversation to store, its exchanges oldest first. */
export type ImportedConversation = { title: string; createdAt: Date; exchanges: ImportedExchange[] };
export type ImportSource = "chatgpt" | "claude";

export const NOT_AN_EXPORT =
  "This file is not a ChatGPT or Claude export. Choose the conversations.json file from the export's zip archive: a list of conversations with a 'mapping' (ChatGPT) or 'chat_messages' (Claude).";

// ChatGPT's conversations.json: each conversation is a tree of nodes; `current_node` is the leaf
// of the branch that was on screen.
const chatgptNode = z.object({
  id: z.string().optional(),
  parent: z.string().nullish(),
  children: z.array(z.string()).nullish(),
  message: z
    .object({
      author: z.object({ role: z.string() }),
      content: z.object({ content_type: z.string(), parts: z.array(z.unknown()).nullish(), text: z.string().nullish() }),
      create_time: z.number().nullish(),
      metadata: z.object({ model_slug: z.string().nullish(), is_visually_hidden_from_conversation: z.boolean().nullish() }).nullish(),
    })
    .nullish(),
});
const chatgptConversation = z.object({
  title: z.string().nullish(),
  create_time: z.number().nullish(),
  mapping: z.record(z.string(), chatgptNode),
  current_node: z.string().nullish(),
});

// Claude's conversations.json: each conversation lists its messages in order.
const claudeMessage = z.object({
  sender: z.enum(["human", "assistant"], { message: "must be 'human' or 'assistant'" }),
  text: z.string().nullish(),
  content: z.array(z.object({ type: z.string(), text: z.string().nullish() })).nullish(),
  created_at: z.string().nullish(),
});
const claudeConversation = z.object({
  uuid: z.string(),
  name: z.string().nullish(),
  created_at: z.string(),
  chat_messages: z.array(claudeMessage),
});

type ImportedMessage = { role: "user" | "assistant"; text: string; modelId: string | null; at: Date | null };

/**
 * Reads a ChatGPT or Claude conversations.json into conversations to store. Anything else, or
 * an export with a malformed conversation, is a BAD_REQUEST saying what is wrong; nothing is
 * taken from a file that does not read whole.
 */
export function parseExport(text: string): { source: ImportSource; conversations: ImportedConversation[] } {
  if (Buffer.byteLength(text, "utf8") > IMPORT_LIMITS.bytes) throw tooLarge();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", `${NOT_AN_EXPORT} (This file is not valid JSON.)`);
  }
  const source = sourceOf(data);
  return withMessages(
    (data as unknown[]).map((item, index) => readConversation(source, item, index)),
    source,
  );
}

/**
 * parseExport in steps that each take a few milliseconds, letting other requests run between
 * them: the file's conversations are cut apart and read one by one. The answer (and any refusal)
 * is parseExport's.
 */
export async function parseExportInSteps(text: string): Promise<{ source: ImportSource; conversations: ImportedConversation[] }> {
  if (Buffer.byteLength(text, "utf8") > IMPORT_LIMITS.bytes) throw tooLarge();
  const pause = pauser();
  const pieces = await topLevelItems(text, pause);
  // Not an array of objects, or not valid JSON: parseExport says what is wrong.
  if (!pieces || pieces.length === 0) return parseExport(text);
  const data: unknown[] = [];
  for (const piece of pieces) {
    try {
      data.push(JSON.parse(piece));
    } catch {
      return parseExport(text);
    }
    await pause();
  }
  const source = sourceOf(data);
  const conversations: ReturnType<typeof readConversation>[] = [];
  for (const [index, item] of data.entries()) {
    conversations.push(readConversation(source, item, index));
    await pause();
  }
  return withMessages(conversations, source);
}

/** Whether the export is ChatGPT's or Claude's, refusing anything else or too many conversations. */
function sourceOf(data: unknown): ImportSource {
  if (!Array.isArray(data) || data.length === 0 || typeof data[0] !== "object" || data[0] === null) throw new AppError("BAD_REQUEST", NOT_AN_EXPORT);
  if (data.length > IMPORT_LIMITS.conversations) {
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `This export has ${data.length.toLocaleString("en-US")} conversations; one import can bring in at most ${IMPORT_LIMITS.conversations.toLocaleString("en-US")}.`,
    );
  }
  const first = data[0] as Record<string, unknown>;
  const source: ImportSource | null = "mapping" in first ? "chatgpt" : "chat_messages" in first ? "claude" : null;
  if (!source) throw new AppError("BAD_REQUEST", NOT_AN_EXPORT);
  return source;
}

function readConversation(source: ImportSource, item: unknown, index: number) {
  const read = source === "chatgpt" ? chatgptMessages(parseItem(chatgptConversation, item, index)) : claudeMessages(parseItem(claudeConversation, item, index));
  return { ...read, exchanges: pairMessages(read.messages, read.createdAt) };
}

function withMessages(conversations: ReturnType<typeof readConversation>[], source: ImportSource) {
  const kept = conversations.filter((c) => c.exchanges.length > 0).map(({ title, createdAt, exchanges }) => ({ title, createdAt, exchanges }));
  if (kept.length === 0) throw new AppError("BAD_REQUEST", "This export has no conversation with messages to import.");
  return { source, conversations: kept };
}

/** Resolves at once, or after letting waiting work run when the last pause was over 5 ms ago. */
function pauser() {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < 5) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;

/**
 * The texts of a JSON array's items, cut apart without parsing them; null when the text is not
 * an array of objects (the import then parses it whole, for its error).
 */
async function topLevelItems(text: string, pause: () => Promise<void>): Promise<string[] | null> {
  let i = 0;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  if (text.charCodeAt(i) !== OPEN_BRACKET) return null;
  const items: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  // Between items exactly one comma, as JSON has it.
  let afterItem = false;
  for (i++; i < text.length; i++) {
    if ((i & 0xfffff) === 0) await pause();
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === 0) {
        if (c !== OPEN_BRACE || afterItem) return null;
        start = i;
      }
      depth++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) return c === CLOSE_BRACKET && (afterItem || items.length === 0) && text.slice(i + 1).trim() === "" ? items : null;
      depth--;
      if (depth === 0) {
        items.push(text.slice(start, i + 1));
        afterItem = true;
      }
    } else if (depth === 0 && c === COMMA) {
      if (!afterItem) return null;
      afterItem = false;
    } else if (depth === 0 && c !== 32 && c !== 10 && c !== 13 && c !== 9) return null;
  }
  return null;
}

export function tooLarge() {
  return new AppError(
    "PAYLOAD_TOO_LARGE",
    `This file is too large: an import can be at most ${IMPORT_SIZE_TEXT}. Split the export into smaller files and import them one by one.`,
  );
}

function parseItem<T>(schema: z.ZodType<T>, item: unknown, index: number): T {
  const parsed = schema.safeParse(item);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "";
  throw new AppError("BAD_REQUEST", `Conversation ${index + 1} of this export cannot be read (${where}${issue.message}). Nothing was imported.`);
}

/** The text PostgreSQL can store: NUL characters and unpaired surrogates are dropped. */
const storable = (text: string) => text.replaceAll("\u0000", "").replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "");

/** Times from year 1 to 9999 are kept; anything else (PostgreSQL could not store it) counts as unknown. */
const plausible = (date: Date) => {
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && year >= 1 && year <= 9999 ? date : null;
};
const fromSeconds = (seconds: number | null | undefined) =>
  typeof seconds === "number" && Number.isFinite(seconds) ? plausible(new Date(seconds * 1000)) : null;
const fromIso = (iso: string | null | undefined) => (iso ? plausible(new Date(iso)) : null);

/** The branch that was on screen: from `current_node` up to the root, read top-down. */
function chatgptMessages(conversation: z.infer<typeof chatgptConversation>) {
  const { mapping } = conversation;
  let leaf = conversation.current_node && mapping[conversation.current_node] ? conversation.current_node : lastLeafOf(mapping);
  const path: z.infer<typeof chatgptNode>[] = [];
  const seen = new Set<string>();
  while (leaf && mapping[leaf] && !seen.has(leaf)) {
    seen.add(leaf);
    path.push(mapping[leaf]!);
    leaf = mapping[leaf]!.parent ?? null;
  }
  const messages: ImportedMessage[] = [];
  for (const node of path.reverse()) {
    const message = node.message;
    if (!message || message.metadata?.is_visually_hidden_from_conversation) continue;
    const role = message.author.role;
    if (role !== "user" && role !== "assistant") continue;
    const text = chatgptText(message.content);
    if (!text) continue;
    messages.push({ role, text, modelId: storable(message.metadata?.model_slug ?? "").trim() || null, at: fromSeconds(message.create_time) });
  }
  return {
    title: storable(conversation.title ?? "").trim() || "Imported conversation",
    createdAt: fromSeconds(conversation.create_time) ?? messages[0]?.at ?? new Date(0),
    messages,
  };
}

/** Without a `current_node`: follow the last child from the root. */
function lastLeafOf(mapping: Record<string, z.infer<typeof chatgptNode>>): string | null {
  let id = Object.keys(mapping).find((key) => !mapping[key]!.parent || !mapping[mapping[key]!.parent]) ?? null;
  const seen = new Set<string>();
  while (id && !seen.has(id)) {
    seen.add(id);
    const next = mapping[id]?.children?.filter((child) => mapping[child]).at(-1);
    if (!next) return id;
    id = next;
  }
  return id;
}

/** Text parts of a message (text, multimodal text, code); images and tool payloads are left out. */
function chatgptText(content: { content_type: string; parts?: unknown[] | null; text?: string | null }): string {
  if (content.content_type === "code" && content.text) return storable(content.text).trim();
  if (content.content_type !== "text" && content.content_type !== "multimodal_text") return "";
  const parts = (content.parts ?? []).map((part) =>
    typeof part === "string"
      ? part
      : typeof part === "object" && part && typeof (part as { text?: unknown }).text === "string"
        ? (part as { text: string }).text
        : "",
  );
  return storable(parts.filter(Boolean).join("\n\n")).trim();
}

function claudeMessages(conversation: z.infer<typeof claudeConversation>) {
  const messages: ImportedMessage[] = conversation.chat_messages.flatMap((message) => {
    const fromContent = (message.content ?? [])
      .filter((c) => c.type === "text" && c.text)
      .map((c) => c.text!)
      .join("\n\n");
    const text = storable(fromContent || message.text || "").trim();
    return text
      ? [
          {
            role: message.sender === "human" ? ("user" as const) : ("assistant" as const),
            text,
            modelId: message.sender === "human" ? null : "claude",
            at: fromIso(message.created_at),
          },
        ]
      : [];
  });
  return { title: storable(conversation.name ?? "").trim() || "Imported conversation", createdAt: fromIso(conversation.created_at) ?? new Date(0), messages };
}

/**
 * Exchanges: each user message with the assistant messages that follow it, up to the next user
 * message. A reply before any user message has no exchange to belong to and is left out. Times
 * only ever move forward, so the exchanges read in their order.
 */
function pairMessages(messages: ImportedMessage[], start: Date): ImportedExchange[] {
  const exchanges: ImportedExchange[] = [];
  let last = start.getTime() - 1;
  for (const message of messages) {
    if (message.role === "user") {
      last = Math.max(last + 1, message.at?.getTime() ?? last + 1);
      exchanges.push({ message: message.text, response: "", modelId: null, createdAt: new Date(last) });
      continue;
    }
    const current = exchanges.at(-1);
    if (!current) continue;
    current.response = current.response ? `${current.response}\n\n${message.text}` : message.text;
    current.modelId ??= message.modelId;
  }
  return exchanges;
}
