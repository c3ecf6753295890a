import { inArray } from "drizzle-orm";
import { postAnswers } from "@parley/contracts";
import { models, type Executor } from "@parley/db";
import { getSessionHistory } from "../conversation/chat/history";
import { getDisplayNameById } from "../account/display-name";
import { getPostById } from "../community/post/posts";
import type { Transcript } from "./transcript";

/** A viewer who is nobody: reads made for someone without an account (public pages). */
export const NOBODY = "00000000-0000-0000-0000-000000000000";

type History = Awaited<ReturnType<typeof getSessionHistory>>;

/**
 * A conversation as a transcript, from the same history the chat screen reads (so it follows
 * the branch the screen shows). `shared` reads it as a viewer of a share does.
 */
export async function getSessionTranscript(db: Executor, viewerId: string, sessionId: number, shared: boolean): Promise<Transcript> {
  // A shared read here is a public link's page, let in by that link's own controls.
  const history = await getSessionHistory(db, viewerId, sessionId, shared, null);
  return transcriptOfHistory(db, history, history.username ?? (await ownerNameOf(db, viewerId)));
}

async function ownerNameOf(db: Executor, userId: string) {
  return getDisplayNameById(db, userId);
}

async function transcriptOfHistory(db: Executor, history: History, author: string): Promise<Transcript> {
  const ids = [...new Set(history.sessions.map((e) => e.model_id).filter((id): id is string => Boolean(id)))];
  const names = new Map(
    ids.length === 0 ? [] : (await db.select({ id: models.id, name: models.name }).from(models).where(inArray(models.id, ids))).map((m) => [m.id, m.name]),
  );
  const modelName = (id: string | null) => (id ? (names.get(id) ?? id) : "AI");
  if (history.columns) return comparisonTranscript(history, history.columns, author);
  const messages = history.sessions.flatMap((exchange) => [
    { role: "user" as const, author: exchange.user ?? author, content: exchange.message_content, timestamp: exchange.timestamp, answer: null },
    ...(exchange.response_content || exchange.status === "complete"
      ? [
          {
            role: "assistant" as const,
            author: modelName(exchange.model_id),
            content: exchange.response_content,
            timestamp: exchange.timestamp,
            answer: String(exchange.id),
          },
        ]
      : []),
  ]);
  return {
    kind: "conversation",
    title: history.description || history.sessions[0]?.message_content.slice(0, 80) || "Conversation",
    author,
    categories: [history.category],
    models: [...new Set(history.sessions.map((e) => modelName(e.model_id)))],
    createdAt: history.sessions[0]?.timestamp ?? new Date(0).toISOString(),
    messages,
  };
}

/** A comparison as a transcript: each turn's prompt once, then every column's answer under its model's name. */
function comparisonTranscript(history: History, columns: NonNullable<History["columns"]>, author: string): Transcript {
  const turns = Math.max(0, ...columns.map((c) => c.sessions.length));
  const messages = Array.from({ length: turns }, (_, turn) => {
    const first = columns.map((c) => c.sessions[turn]).find((exchange) => exchange !== undefined)!;
    return [
      { role: "user" as const, author: first.user ?? author, content: first.message_content, timestamp: first.timestamp, answer: null },
      ...columns.flatMap((c) => {
        const exchange = c.sessions[turn];
        return exchange
          ? [
              {
                role: "assistant" as const,
                author: c.model_name,
                content: exchange.response_content,
                timestamp: exchange.timestamp,
                answer: String(exchange.id),
              },
            ]
          : [];
      }),
    ];
  }).flat();
  return {
    kind: "conversation",
    title: history.description || messages[0]?.content.slice(0, 80) || "Conversation",
    author,
    categories: [history.category],
    models: columns.map((c) => c.model_name),
    createdAt: messages[0]?.timestamp ?? new Date(0).toISOString(),
    messages,
  };
}

/** A post (any the viewer can see) as a transcript of its snapshot. */
export async function getPostTranscript(db: Executor, viewerId: string, postId: number): Promise<Transcript> {
  const post = await getPostById(db, viewerId, postId);
  const answers = postAnswers(post.messages, post.comparison?.columns.length ?? null);
  return {
    kind: "post",
    title: post.description,
    author: post.username,
    categories: post.categories,
    models: post.model_versions,
    createdAt: post.created_at,
    messages: post.messages.map((m, index) => ({
      role: m.isUser ? "user" : "assistant",
      author: m.isUser ? m.user || post.username : m.model_name || "AI",
      content: m.content,
      timestamp: m.timestamp,
      answer: answers[index]?.key ?? null,
    })),
  };
}
