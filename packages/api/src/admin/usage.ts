import { sql } from "drizzle-orm";
import { models, resultRows, usageLedger, type Executor } from "@parley/db";

const DAY_MS = 86_400_000;

/** The UTC calendar days from `days - 1` days before `now` up to today, as YYYY-MM-DD. */
function dayRange(now: Date, days: number) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

type Row = { day: string; model_id: string | null; service: string; model_name: string | null; input_tokens: number; output_tokens: number; replies: number };

/**
 * Tokens by model and by UTC day over the last `days` days, every key source counted (what the
 * platform paid for, people's own keys and the demo model): the data of the admin console's chart.
 */
export async function getUsageByDay(db: Executor, days: number, now: Date) {
  const range = dayRange(now, days);
  const from = `${range[0]}T00:00:00.000Z`;
  const rows = resultRows<Row>(
    await db.execute(sql`
      select to_char(${usageLedger.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day,
             ${usageLedger.modelId} as model_id, ${usageLedger.service} as service, max(${models.name}) as model_name,
             sum(${usageLedger.inputTokens})::int as input_tokens, sum(${usageLedger.outputTokens})::int as output_tokens, count(*)::int as replies
      from ${usageLedger}
      left join ${models} on ${models.id} = ${usageLedger.modelId}
      where ${usageLedger.createdAt} >= ${from}::timestamptz
      group by 1, 2, 3
      order by 1, 2
    `),
  );
  const byModel = new Map<
    string,
    { key: string; model_id: string | null; model_name: string; service: string; input_tokens: number; output_tokens: number; replies: number }
  >();
  for (const row of rows) {
    const key = row.model_id ?? `${row.service}:?`;
    const model = byModel.get(key) ?? {
      key,
      model_id: row.model_id,
      model_name: row.model_name ?? row.model_id ?? row.service,
      service: row.service,
      input_tokens: 0,
      output_tokens: 0,
      replies: 0,
    };
    model.input_tokens += Number(row.input_tokens);
    model.output_tokens += Number(row.output_tokens);
    model.replies += Number(row.replies);
    byModel.set(key, model);
  }
  const modelsByTokens = [...byModel.values()].sort((a, b) => b.input_tokens + b.output_tokens - (a.input_tokens + a.output_tokens));
  return {
    from: range[0]!,
    to: range.at(-1)!,
    days: range,
    models: modelsByTokens,
    points: rows.map((row) => ({
      day: row.day,
      model_key: row.model_id ?? `${row.service}:?`,
      model_id: row.model_id,
      tokens: Number(row.input_tokens) + Number(row.output_tokens),
      replies: Number(row.replies),
    })),
  };
}
