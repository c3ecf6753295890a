import { and, asc, eq, inArray, or } from "drizzle-orm";
import { MODERATION, MODERATION_MESSAGES, REPORT_REASONS, type ReportReason } from "@parley/contracts";
import { contentReports, type Database, type Executor } from "@parley/db";
import { AppError } from "../kit/errors";
import type { ItemKind, ItemRef } from "./input";
import { itemOfReport, KIND_ORDER, MODERATED_KINDS, REPORT_ITEM_COLUMNS, reportColumnOf, type Described } from "./kinds";

/** Reports loaded for one queue page at most (the oldest open ones first). */
const REPORTS_READ = 2000;
/** Free texts of reports shown per item, newest first. */
const DETAILS_SHOWN = 5;

/** A report as the queue reads it: its item (one kind's column set) and what it says. */
type ReportRow = Record<keyof typeof REPORT_ITEM_COLUMNS, number | null> & { reason: string; details: string | null; createdAt: Date };

const keyOf = (kind: ItemKind, id: number) => `${kind}:${id}`;

/** What moderators read about each item: its text, author, where it is, and whether it is hidden; by kind, of the ids of each kind given. */
async function describeItems(db: Executor, ids: { kind: ItemKind; id: number }[]) {
  const items = new Map<string, Described>();
  for (const kind of KIND_ORDER) {
    const ofKind = ids.filter((item) => item.kind === kind).map((item) => item.id);
    if (ofKind.length === 0) continue;
    for (const [id, item] of await MODERATED_KINDS[kind].describe(db, ofKind)) items.set(keyOf(kind, id), item);
  }
  return items;
}

/** Reports grouped per item: how many, for which reasons, the latest texts. */
function groupReports(reports: ReportRow[]) {
  const groups = new Map<
    string,
    { kind: ItemKind; id: number; reports: number; reasons: Record<ReportReason, number>; details: { text: string; at: Date }[]; first: Date; last: Date }
  >();
  for (const report of reports) {
    const item = itemOfReport(report);
    if (!item) continue;
    const { kind, id } = item;
    const key = keyOf(kind, id);
    let group = groups.get(key);
    if (!group) {
      group = {
        kind,
        id,
        reports: 0,
        reasons: Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>,
        details: [],
        first: report.createdAt,
        last: report.createdAt,
      };
      groups.set(key, group);
    }
    group.reports += 1;
    group.reasons[report.reason as ReportReason] += 1;
    if (report.details) group.details.push({ text: report.details, at: report.createdAt });
    if (report.createdAt < group.first) group.first = report.createdAt;
    if (report.createdAt > group.last) group.last = report.createdAt;
  }
  return [...groups.values()];
}

const reportColumns = {
  ...REPORT_ITEM_COLUMNS,
  reason: contentReports.reason,
  details: contentReports.details,
  createdAt: contentReports.createdAt,
};

/**
 * The moderation queue. `open`: items with open reports, most reported first (then the longest
 * waiting). `hidden`: items a moderator hid, most recently hidden first, with the reports that led there.
 */
export async function listModerationQueue(db: Executor, view: "open" | "hidden") {
  if (view === "open") {
    const reports = await db
      .select(reportColumns)
      .from(contentReports)
      .where(eq(contentReports.status, "open"))
      .orderBy(asc(contentReports.createdAt))
      .limit(REPORTS_READ);
    const groups = groupReports(reports)
      .sort((a, b) => b.reports - a.reports || a.first.getTime() - b.first.getTime())
      .slice(0, MODERATION.queuePage);
    return present(db, groups);
  }
  const hiddenOfKinds: { kind: ItemKind; id: number; at: Date | null }[] = [];
  for (const kind of KIND_ORDER) for (const row of await MODERATED_KINDS[kind].hidden(db, MODERATION.queuePage)) hiddenOfKinds.push({ kind, ...row });
  const hidden = hiddenOfKinds.sort((a, b) => b.at!.getTime() - a.at!.getTime()).slice(0, MODERATION.queuePage);
  const reports =
    hidden.length === 0
      ? []
      : await db
          .select(reportColumns)
          .from(contentReports)
          .where(
            or(
              ...KIND_ORDER.map((kind) => {
                const ids = hidden.filter((h) => h.kind === kind).map((h) => h.id);
                return ids.length ? inArray(reportColumnOf(kind), ids) : undefined;
              }),
            ),
          )
          .limit(REPORTS_READ);
  const grouped = new Map(groupReports(reports).map((g) => [keyOf(g.kind, g.id), g]));
  const groups = hidden.map(
    (h) =>
      grouped.get(keyOf(h.kind, h.id)) ?? {
        kind: h.kind,
        id: h.id,
        reports: 0,
        reasons: Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as Record<ReportReason, number>,
        details: [],
        first: h.at!,
        last: h.at!,
      },
  );
  return present(db, groups);
}

async function present(db: Executor, groups: ReturnType<typeof groupReports>) {
  const described = await describeItems(db, groups);
  return {
    items: groups.flatMap((group) => {
      const item = described.get(keyOf(group.kind, group.id));
      if (!item) return [];
      return [
        {
          kind: group.kind,
          id: group.id,
          ...item,
          reports: group.reports,
          reasons: group.reasons,
          details: group.details
            .sort((a, b) => b.at.getTime() - a.at.getTime())
            .slice(0, DETAILS_SHOWN)
            .map((d) => d.text),
          first_reported_at: group.reports > 0 ? group.first.toISOString() : null,
          last_reported_at: group.reports > 0 ? group.last.toISOString() : null,
        },
      ];
    }),
  };
}

/** Marks the item's open reports as settled by `status`; answers how many. */
async function settleReports(db: Executor, item: ItemRef, status: "dismissed" | "actioned", adminId: string, now: Date) {
  const settled = await db
    .update(contentReports)
    .set({ status, resolvedAt: now, resolvedBy: adminId })
    .where(and(eq(contentReports.status, "open"), eq(reportColumnOf(item.kind), item.id)))
    .returning({ id: contentReports.id });
  return settled.length;
}

async function requireItem(db: Executor, item: ItemRef) {
  const { id } = MODERATED_KINDS[item.kind];
  const [row] = await db.select({ id }).from(id.table).where(eq(id, item.id)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", MODERATION_MESSAGES.itemNotFound);
}

/**
 * Hides or restores an item of any kind, and what goes with it (its kind's setHidden in
 * kinds.ts); hiding settles its open reports as acted on. Doing what is already done changes nothing.
 */
export async function setItemHidden(db: Database, adminId: string, item: ItemRef, hidden: boolean, now: Date) {
  return db.transaction(async (tx) => {
    await requireItem(tx, item);
    const changed = await MODERATED_KINDS[item.kind].setHidden(tx, item.id, hidden, now);
    const reportsSettled = hidden ? await settleReports(tx, item, "actioned", adminId, now) : 0;
    return { kind: item.kind, id: item.id, hidden, changed, reports_settled: reportsSettled };
  });
}

/** Dismisses the item's open reports: the item stays as it is. */
export async function dismissReports(db: Database, adminId: string, item: ItemRef, now: Date) {
  return db.transaction(async (tx) => {
    await requireItem(tx, item);
    return { kind: item.kind, id: item.id, dismissed: await settleReports(tx, item, "dismissed", adminId, now) };
  });
}
