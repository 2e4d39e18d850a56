// Ids a body points at must be the organization's: an unknown or foreign one is a 400 naming its field
// (contract 4.2 rule 3), never a 404 and never a hint that it exists elsewhere. One place looks them up
// for the services that write such ids and for the procedures that name them beside a refused input's
// other fields (api/procedures.ts).
import type { DbClient } from "@/server/db";
import { unknownReference, type ErrorDetail, type ReferenceKind } from "@/server/errors";

/** One id a body names: the field that holds it and what it must be. */
export interface BodyReference {
  field: string;
  kind: ReferenceKind;
  id: string;
}

function exists(db: DbClient, organizationId: string, { kind, id }: BodyReference): Promise<{ id: string } | null> {
  const where = { id, organizationId };
  const select = { id: true } as const;
  switch (kind) {
    case "member":
      return db.user.findFirst({ where, select });
    case "customer":
      return db.customer.findFirst({ where, select });
    case "project":
      return db.constellation.findFirst({ where, select });
    case "task":
      return db.task.findFirst({ where: { ...where, deletedAt: null }, select });
  }
}

/** The `details` of the references that are not the organization's, in the order given (all looked up at once). */
export async function unknownReferences(db: DbClient, organizationId: string, references: readonly BodyReference[]): Promise<ErrorDetail[]> {
  const found = await Promise.all(references.map((reference) => exists(db, organizationId, reference)));
  return references.flatMap((reference, index) => (found[index] ? [] : [unknownReference(reference.field, reference.kind)]));
}
