// Project budgets (app-api section 16): what a budget's period has spent, and the `budget_threshold`
// notices. Every path that writes a time log (timer stop, sync and everything the web app sends through
// it, the timesheet, PATCH, import) calls `noticeCrossedBudgets` after its write, in its transaction;
// the caller mails the notices it answers once its transaction has committed.
//
// Exactly once: a notice's (project, period, threshold) is a unique key, inserted ON CONFLICT DO NOTHING.
// At least once: the check locks each budgeted project's row before it sums, so of two transactions
// writing to one project the second sums after the first commits and sees both logs (without a
// transaction each write has committed before its check, and the later check sees both).
import { Prisma } from "@/generated/prisma/client";
import type { BudgetKind, BudgetPeriod } from "@/generated/prisma/enums";
import type { DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import { newId } from "@/server/lib/ids";
import { sqlTimestamp } from "@/server/lib/sql";
import type { BudgetInput, BudgetSettingsView, BudgetStatusView, ReportBudgetView } from "@/server/contract/budget";
import { seesBilling } from "@/server/contract/customer";
import type { Actor } from "@/server/services/auth/account";
import { LOG_AMOUNT_CENTS_SQL, LOG_RATE_JOINS_SQL } from "@/server/services/invoices/arithmetic";

interface Budget {
  id: string;
  budgetKind: BudgetKind;
  budgetValue: number;
  budgetPeriod: BudgetPeriod;
  budgetAlertPercents: number[];
}

/** A budget period: `total`, or a calendar month in UTC keyed `YYYY-MM`. */
export interface BudgetPeriodSpan {
  key: string;
  start: Date | null;
  end: Date | null;
}

export function budgetPeriodAt(period: BudgetPeriod, at: Date): BudgetPeriodSpan {
  if (period === "total") return { key: "total", start: null, end: null };
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { key: start.toISOString().slice(0, 7), start, end };
}

/** The columns a project's budget is stored in, from PATCH's `budget` (null removes it). */
export function budgetColumns(budget: BudgetInput | null | undefined): Prisma.ConstellationUpdateManyMutationInput {
  if (budget === undefined) return {};
  if (budget === null) return { budgetKind: null, budgetValue: null, budgetPeriod: null, budgetAlertPercents: [] };
  return { budgetKind: budget.kind, budgetValue: budget.value, budgetPeriod: budget.period, budgetAlertPercents: budget.alertPercents };
}

export function budgetSettingsOf(row: { budgetKind: BudgetKind | null; budgetValue: number | null; budgetPeriod: BudgetPeriod | null; budgetAlertPercents: number[] }): BudgetSettingsView | null {
  if (!row.budgetKind || row.budgetValue === null || !row.budgetPeriod) return null;
  return { kind: row.budgetKind, value: row.budgetValue, period: row.budgetPeriod, alertPercents: row.budgetAlertPercents };
}

interface Spend {
  id: string;
  key: string;
  seconds: number;
  cents: number;
}

/** What each (project, period) has spent, in one statement: every tracked second, and the billable amounts at the resolved rates. */
async function spendOf(db: DbClient, organizationId: string, periods: Array<{ id: string } & BudgetPeriodSpan>): Promise<Spend[]> {
  if (!periods.length) return [];
  const json = JSON.stringify(periods.map((period) => ({ id: period.id, key: period.key, start: period.start?.toISOString() ?? null, end: period.end?.toISOString() ?? null })));
  const rows = await db.$queryRaw<Array<{ id: string; key: string; seconds: bigint; cents: bigint }>>`
    WITH "period" AS (SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x("id" text, "key" text, "start" timestamp(3), "end" timestamp(3)))
    SELECT pd."id", pd."key", COALESCE(SUM(l."durationSeconds"), 0)::bigint AS "seconds", COALESCE(SUM(${LOG_AMOUNT_CENTS_SQL}), 0)::bigint AS "cents"
    FROM "period" pd
    LEFT JOIN "TimeLog" l ON l."organizationId" = ${organizationId} AND l."constellationId" = pd."id" AND l."deletedAt" IS NULL
      AND (pd."start" IS NULL OR l."startedAt" >= pd."start") AND (pd."end" IS NULL OR l."startedAt" < pd."end")
    LEFT JOIN "Customer" c ON c."id" = l."customerId" AND c."organizationId" = l."organizationId"
    ${LOG_RATE_JOINS_SQL}
    GROUP BY pd."id", pd."key"`;
  return rows.map((row) => ({ id: row.id, key: row.key, seconds: Number(row.seconds), cents: Number(row.cents) }));
}

/** How much of the budget is spent, as a fraction's numerator and denominator (exact, for thresholds). */
function spentShare(budget: Pick<Budget, "budgetKind" | "budgetValue">, spend: Pick<Spend, "seconds" | "cents">): { spent: number; of: number } {
  return budget.budgetKind === "hours" ? { spent: spend.seconds, of: Math.round(budget.budgetValue * 3600) } : { spent: spend.cents, of: budget.budgetValue };
}

/**
 * After time logs were written: for each budgeted project among theirs, each threshold the log's period
 * has now reached gets its one notice. Answers the ids of the notices created (to mail once committed).
 */
export async function noticeCrossedBudgets(db: DbClient, organizationId: string, logs: ReadonlyArray<{ constellationId: string | null; startedAt: Date }>): Promise<string[]> {
  const projectIds = [...new Set(logs.flatMap((log) => (log.constellationId ? [log.constellationId] : [])))].sort();
  if (!projectIds.length) return [];
  // Locked in id order, so two writers of the same projects never wait on each other in a circle.
  const budgets = await db.$queryRaw<Budget[]>`
    SELECT "id", "budgetKind", "budgetValue", "budgetPeriod", "budgetAlertPercents" FROM "Constellation"
    WHERE "organizationId" = ${organizationId} AND "id" IN (${Prisma.join(projectIds)}) AND "budgetKind" IS NOT NULL
    ORDER BY "id" FOR UPDATE`;
  if (!budgets.length) return [];
  const byId = new Map(budgets.map((budget) => [budget.id, budget]));
  const periods = new Map<string, { id: string } & BudgetPeriodSpan>();
  for (const log of logs) {
    const budget = log.constellationId ? byId.get(log.constellationId) : undefined;
    if (!budget) continue;
    const span = budgetPeriodAt(budget.budgetPeriod, log.startedAt);
    periods.set(`${budget.id}|${span.key}`, { id: budget.id, ...span });
  }
  const reached = (await spendOf(db, organizationId, [...periods.values()])).flatMap((spend) => {
    const budget = byId.get(spend.id)!;
    const { spent, of } = spentShare(budget, spend);
    return budget.budgetAlertPercents.filter((percent) => spent * 100 >= percent * of).map((percent) => ({ id: newId("ntf"), constellationId: spend.id, key: spend.key, percent }));
  });
  if (!reached.length) return [];
  const created = await db.$queryRaw<Array<{ id: string }>>`
    INSERT INTO "Notification" ("id", "organizationId", "kind", "constellationId", "budgetPeriodKey", "thresholdPercent", "createdAt")
    SELECT r."id", ${organizationId}, 'budget_threshold', r."constellationId", r."key", r."percent", ${sqlTimestamp(new Date())}
    FROM jsonb_to_recordset(${JSON.stringify(reached)}::jsonb) AS r("id" text, "constellationId" text, "key" text, "percent" int)
    ON CONFLICT ("constellationId", "budgetPeriodKey", "thresholdPercent") DO NOTHING
    RETURNING "id"`;
  return created.map((row) => row.id);
}

/**
 * The budgets of the given projects as a report grouped by project shows them, read in two statements:
 * the budget, and spent and remaining in its current period, in its unit (hours, or cents). For a
 * viewer without money an amount budget is left out.
 */
export async function reportBudgets(db: DbClient, organizationId: string, ids: string[], showsMoney: boolean, now = new Date()): Promise<Map<string, ReportBudgetView>> {
  if (!ids.length) return new Map();
  const projects = await db.constellation.findMany({
    where: { organizationId, id: { in: ids }, budgetKind: showsMoney ? { not: null } : "hours" },
    select: { id: true, budgetKind: true, budgetValue: true, budgetPeriod: true, budgetAlertPercents: true },
  });
  const settings = new Map(projects.flatMap((project) => {
    const budget = budgetSettingsOf(project);
    return budget ? [[project.id, budget] as const] : [];
  }));
  const spends = await spendOf(db, organizationId, [...settings].map(([id, budget]) => ({ id, ...budgetPeriodAt(budget.period, now) })));
  return new Map(spends.map((spend) => {
    const budget = settings.get(spend.id)!;
    const span = budgetPeriodAt(budget.period, now);
    const spent = budget.kind === "hours" ? Math.round((spend.seconds / 3600) * 100) / 100 : spend.cents;
    return [spend.id, { kind: budget.kind, value: budget.value, period: budget.period, periodStart: span.start?.toISOString() ?? null, spent, remaining: Math.round((budget.value - spent) * 100) / 100 }];
  }));
}

/** GET /api/app/constellations/:id/budget: the budget in its current period, or null when the project has none. */
export async function getBudgetStatus(db: DbClient, actor: Actor, id: string, now = new Date()): Promise<BudgetStatusView | null> {
  const project = await db.constellation.findFirst({
    where: { id, organizationId: actor.organizationId },
    select: { id: true, budgetKind: true, budgetValue: true, budgetPeriod: true, budgetAlertPercents: true },
  });
  if (!project) throw notFound("Constellation");
  const settings = budgetSettingsOf(project);
  if (!settings) return null;
  const span = budgetPeriodAt(settings.period, now);
  const [spend] = await spendOf(db, actor.organizationId, [{ id, ...span }]);
  const { spent, of } = spentShare({ budgetKind: settings.kind, budgetValue: settings.value }, spend!);
  const showsMoney = seesBilling(actor.role);
  return {
    ...settings,
    // A money budget's size is billing information, which members do not see.
    value: settings.kind === "amount" && !showsMoney ? null : settings.value,
    periodStart: span.start?.toISOString() ?? null,
    spentSeconds: spend!.seconds,
    spentCents: showsMoney ? spend!.cents : null,
    percent: Math.round((spent * 1000) / of) / 10,
  };
}
