// The people of an organization, for the members list and the assignee and member pickers.
import type { DbClient } from "@/server/db";
import { paginate, type Page } from "@/server/lib/cursor";
import type { Actor } from "@/server/services/auth/account";

export interface MemberView {
  id: string;
  name: string;
  email: string;
  role: "admin" | "member";
  createdAt: string;
}

/** Newest first, keyset-paginated on (createdAt, id) — the users' organization index. */
export async function listMembers(db: DbClient, actor: Pick<Actor, "organizationId">, input: { limit: number; cursor?: string }): Promise<Page<MemberView>> {
  const page = await paginate(
    { kind: "members", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) =>
      db.user.findMany({
        where: { organizationId: actor.organizationId, AND: [args.where] },
        orderBy: args.orderBy,
        take: args.take,
        select: { id: true, name: true, email: true, role: true, createdAt: true },
      }),
    (row) => row.createdAt,
  );
  return { items: page.items.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), pagination: page.pagination };
}
