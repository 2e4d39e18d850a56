// Shapes the pages read, inferred from the procedures so they cannot drift from the server.
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

type Outputs = inferRouterOutputs<AppRouter>;

/** The signed-in user, their organization and role, as `auth.me` answers. */
export type Account = Outputs["auth"]["me"];
export type Plan = Account["organization"]["plan"];

/** Every procedure's output, for components that name a row type. */
export type RouterOutputs = Outputs;
