// Shapes the pages read, inferred from the procedures so they cannot drift from the server.
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

/** The signed-in user, their organization and role, as `auth.me` answers. */
export type Account = Outputs["auth"]["me"];
export type Plan = Account["organization"]["plan"];

/** Every procedure's output, for components that name a row type. */
export type RouterOutputs = Outputs;

/** The customer and project pages' shapes. */
export type Customer = Outputs["customers"]["get"];
export type CustomerInput = Omit<Inputs["customers"]["createWithBilling"], "name"> & { name: string };
export type Project = Outputs["constellations"]["get"];
/** The canonical fields only: the deprecated aliases (`name`, `description`) are the public API's. */
export type ProjectInput = Omit<Inputs["constellations"]["create"], "title" | "name" | "description"> & { title: string };
