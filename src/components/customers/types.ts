// Shapes of the customer and project pages, inferred from the procedures so they cannot drift.
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type Customer = Outputs["customers"]["get"];
export type CustomerInput = Omit<Inputs["customers"]["createInApp"], "name"> & { name: string };
export type Project = Outputs["constellations"]["get"];
export type ProjectInput = Inputs["constellations"]["createInApp"];
