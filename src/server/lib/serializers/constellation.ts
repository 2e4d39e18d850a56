// Constellation (project) response shape (contract 2.4): an explicit allowlist. ownerId,
// retrospective, boardLayout and organizationId are never selected nor copied here.
import type { Constellation } from "@/generated/prisma/client";
import type { ConstellationStatus } from "@/generated/prisma/enums";

export interface ConstellationView {
  id: string;
  title: string;
  goal: string | null;
  status: ConstellationStatus;
  customerId: string | null;
  dueDate: string | null;
  archived: boolean;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The columns a constellation response is built from; queries select exactly these. */
export const constellationSelect = {
  id: true,
  title: true,
  goal: true,
  status: true,
  customerId: true,
  dueDate: true,
  archived: true,
  archivedAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Partial<Record<keyof Constellation, true>>;

export type ConstellationRow = Pick<Constellation, keyof typeof constellationSelect>;

export function serializeConstellation(constellation: ConstellationRow): ConstellationView {
  return {
    id: constellation.id,
    title: constellation.title,
    goal: constellation.goal,
    status: constellation.status,
    customerId: constellation.customerId,
    dueDate: constellation.dueDate?.toISOString() ?? null,
    archived: constellation.archived,
    archivedAt: constellation.archivedAt?.toISOString() ?? null,
    createdAt: constellation.createdAt.toISOString(),
    updatedAt: constellation.updatedAt.toISOString(),
  };
}
