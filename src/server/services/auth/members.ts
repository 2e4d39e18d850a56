// The people of an organization, for the members list and the assignee and member pickers.
import type { DbClient } from "@/server/db";
import { paginate, type Page } from "@/server/lib/cursor";
import { memberSelect, serializeMember, type ListMembersInput, type MemberView } from "@/server/contract/account";
import type { Actor } from "@/server/services/auth/account";

/** Newest first, keyset-paginated on (createdAt, id) — the users' organization index. */
export async function listMembers(db: DbClient, actor: Pick<Actor, "organizationId">, input: ListMembersInput): Promise<Page<MemberView>> {
  const page = await paginate(
    { kind: "members", sortField: "createdAt", limit: input.limit, cursor: input.cursor },
    (args) =>
      db.user.findMany({
        where: { organizationId: actor.organizationId, AND: [args.where] },
        orderBy: args.orderBy,
        take: args.take,
        select: memberSelect,
      }),
    (row) => row.createdAt,
  );
  return { items: page.items.map(serializeMember), pagination: page.pagination };
}
