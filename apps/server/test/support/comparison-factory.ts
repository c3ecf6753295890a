import { eq } from "drizzle-orm";
import { chatEntries, chatSessions, posts, users, type Database } from "@parley/db";

let nextId = 9_000_000_000_000;

export type ComparisonTurn = { prompt: string; answers: { content: string; status?: string }[] };

/**
 * A comparison session stored as the chat stores one: `compare_models` names the model of each
 * column; turn k of column c is an exchange with `compare_column` c whose parent is column c's
 * exchange of turn k-1; the active exchange is column 0's latest.
 */
export async function insertComparisonSession(db: Database, subject: string, modelIds: string[], turns: ComparisonTurn[], options: { category?: string } = {}) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.subject, subject)).limit(1);
  if (!user) throw new Error(`no user ${subject}`);
  const id = nextId++;
  const start = Date.now() - 60_000;
  await db.insert(chatSessions).values({ id, userId: user.id, description: turns[0]?.prompt ?? "", category: options.category ?? "general" });
  const leaves: (number | null)[] = modelIds.map(() => null);
  for (const [turn, { prompt, answers }] of turns.entries()) {
    for (const [column, modelId] of modelIds.entries()) {
      const answer = answers[column]!;
      const [row] = await db
        .insert(chatEntries)
        .values({
          sessionId: id,
          parentEntryId: leaves[column],
          compareColumn: column,
          messageContent: prompt,
          responseContent: answer.content,
          modelId,
          status: answer.status ?? "complete",
          createdAt: new Date(start + turn * 1000 + column),
        })
        .returning({ id: chatEntries.id });
      leaves[column] = row!.id;
    }
  }
  await db.update(chatSessions).set({ compareModels: modelIds, activeEntryId: leaves[0] }).where(eq(chatSessions.id, id));
  return id;
}

type CallAs = (
  name: string,
  method: "GET" | "POST",
  url: string,
  payload?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> & { message?: string } }>;
type ShownComparison = { turns: { answers: { content: string }[] }[] };

/**
 * Where `name` is shown a comparison post's stored column `column` (each viewer sees the columns
 * in an order of their own): the place of that column's first answer among the answers they are
 * shown. The column's first answer must differ from the others'.
 */
export async function placeOfColumn(db: Database, call: CallAs, name: string, postId: number, column: number) {
  const [row] = await db.select({ comparison: posts.comparison }).from(posts).where(eq(posts.id, postId)).limit(1);
  const answers = row!.comparison!.turns[0]!.answers.map((a) => a.content);
  if (new Set(answers).size !== answers.length) throw new Error("placeOfColumn needs a different first answer in each column");
  const shown = (await call(name, "GET", `/post/getPost/${postId}`)).body.comparison as ShownComparison;
  const place = shown.turns[0]!.answers.findIndex((a) => a.content === answers[column]);
  if (place < 0) throw new Error(`column ${column} is not shown to ${name}`);
  return place;
}

/** `name`'s vote for the stored column `column` of a comparison post, at the place it is shown to them. */
export async function voteForColumn(db: Database, call: CallAs, name: string, postId: number, column: number) {
  return call(name, "POST", `/post/vote/${postId}`, { column: await placeOfColumn(db, call, name, postId, column) });
}
