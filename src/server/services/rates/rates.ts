// Rates (app-api section 16): a member's billable and cost rate, a member's rate on a project, and the
// project's own rate (set with the project, constellations.ts). How a log's rate is chosen from them is
// one SQL fragment beside the invoice arithmetic (LOG_HOURLY_RATE_CENTS_SQL), read by invoices, reports
// and budgets alike. Every query names the caller's organization.
import type { DbClient } from "@/server/db";
import { notFound } from "@/server/errors";
import { paginate, type Page } from "@/server/lib/cursor";
import type { Actor } from "@/server/services/auth/account";
import type { MemberRatesView, ProjectMemberRateView, SetMemberRatesInput, SetProjectMemberRateInput } from "@/server/contract/rates";

const memberRatesSelect = { id: true, name: true, billableRateCents: true, costRateCents: true, createdAt: true } as const;

const memberRatesView = (row: { id: string; name: string; billableRateCents: number | null; costRateCents: number | null }): MemberRatesView => ({
  userId: row.id,
  name: row.name,
  billableRateCents: row.billableRateCents,
  costRateCents: row.costRateCents,
});

/** Sets or clears (null) a member's billable and cost rate; an absent field is left as it is. */
export async function setMemberRates(db: DbClient, actor: Actor, input: SetMemberRatesInput): Promise<MemberRatesView> {
  const { count } = await db.user.updateMany({
    where: { id: input.userId, organizationId: actor.organizationId },
    data: { billableRateCents: input.billableRateCents, costRateCents: input.costRateCents },
  });
  if (count === 0) throw notFound("Member");
  const row = await db.user.findFirstOrThrow({ where: { id: input.userId, organizationId: actor.organizationId }, select: memberRatesSelect });
  return memberRatesView(row);
}

/** Every member with their rates, oldest member first (keyset). */
export async function listMemberRates(db: DbClient, actor: Actor, input: { limit: number; cursor?: string }): Promise<Page<MemberRatesView>> {
  const page = await paginate(
    { kind: "member-rates", sortField: "createdAt", limit: input.limit, cursor: input.cursor, direction: "asc" },
    (args) => db.user.findMany({ where: { AND: [{ organizationId: actor.organizationId }, args.where] }, orderBy: args.orderBy, take: args.take, select: memberRatesSelect }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(memberRatesView), pagination: page.pagination };
}

/** A project and a member of the caller's organization, or a 404 naming the one that is not. */
async function assertProjectAndMember(db: DbClient, actor: Actor, constellationId: string, userId: string): Promise<void> {
  const [project, member] = await Promise.all([
    db.constellation.findFirst({ where: { id: constellationId, organizationId: actor.organizationId }, select: { id: true } }),
    db.user.findFirst({ where: { id: userId, organizationId: actor.organizationId }, select: { id: true } }),
  ]);
  if (!project) throw notFound("Constellation");
  if (!member) throw notFound("Member");
}

/** Sets a member's rate on one project, or clears it (null: the project's rate applies again). */
export async function setProjectMemberRate(db: DbClient, actor: Actor, input: SetProjectMemberRateInput): Promise<ProjectMemberRateView> {
  await assertProjectAndMember(db, actor, input.id, input.userId);
  const key = { constellationId: input.id, userId: input.userId };
  if (input.hourlyRateCents === null) {
    await db.constellationMemberRate.deleteMany({ where: { ...key, organizationId: actor.organizationId } });
  } else {
    await db.constellationMemberRate.upsert({
      where: { constellationId_userId: key },
      create: { ...key, organizationId: actor.organizationId, hourlyRateCents: input.hourlyRateCents },
      update: { hourlyRateCents: input.hourlyRateCents },
    });
  }
  return { ...key, hourlyRateCents: input.hourlyRateCents };
}

/** The members with a rate of their own on the project, oldest member first (keyset). */
export async function listProjectMemberRates(
  db: DbClient,
  actor: Actor,
  input: { id: string; limit: number; cursor?: string },
): Promise<Page<ProjectMemberRateView & { name: string; hourlyRateCents: number }>> {
  const project = await db.constellation.findFirst({ where: { id: input.id, organizationId: actor.organizationId }, select: { id: true } });
  if (!project) throw notFound("Constellation");
  const rateOnProject = { constellationId: input.id, organizationId: actor.organizationId };
  const page = await paginate(
    { kind: "project-member-rates", sortField: "createdAt", limit: input.limit, cursor: input.cursor, direction: "asc" },
    (args) =>
      db.user.findMany({
        where: { AND: [{ organizationId: actor.organizationId, projectRates: { some: rateOnProject } }, args.where] },
        orderBy: args.orderBy,
        take: args.take,
        select: { id: true, name: true, createdAt: true, projectRates: { where: rateOnProject, select: { hourlyRateCents: true } } },
      }),
    (row) => row.createdAt,
  );
  return {
    items: page.items.map((row) => ({ constellationId: input.id, userId: row.id, name: row.name, hourlyRateCents: row.projectRates[0]!.hourlyRateCents })),
    pagination: page.pagination,
  };
}
