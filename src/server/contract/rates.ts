// Rates (app-api section 16): a member's billable and cost rate, a member's rate on one project. Admins
// only, in and out: members never see a rate.
import { z } from "zod";
import { rateCents } from "@/server/contract/customer";
import { paginationInput } from "@/server/lib/cursor";
import { paginationSchema } from "@/server/lib/envelope";
import { idInput } from "@/server/lib/zod";

const memberIdInput = z.string().min(1).max(100);

/** Each field optional; null clears it. */
export const setMemberRatesInput = z
  .object({ userId: memberIdInput, billableRateCents: rateCents.nullable().optional(), costRateCents: rateCents.nullable().optional() })
  .superRefine((input, ctx) => {
    if (input.billableRateCents === undefined && input.costRateCents === undefined) {
      ctx.addIssue({ code: "custom", path: ["body"], message: "at least one of billableRateCents and costRateCents is required" });
    }
  });
export type SetMemberRatesInput = z.output<typeof setMemberRatesInput>;

export const memberRatesSchema = z.object({
  userId: z.string(),
  name: z.string(),
  billableRateCents: z.number().int().nullable(),
  costRateCents: z.number().int().nullable(),
});
export type MemberRatesView = z.output<typeof memberRatesSchema>;

export const listMemberRatesInput = z.object(paginationInput("member-rates"));
export const listMemberRatesOutput = z.object({ items: z.array(memberRatesSchema), pagination: paginationSchema });

/** `hourlyRateCents` is required: a number sets the member's rate on the project, null clears it. */
export const setProjectMemberRateInput = z.object({ id: idInput, userId: memberIdInput, hourlyRateCents: rateCents.nullable() });
export type SetProjectMemberRateInput = z.output<typeof setProjectMemberRateInput>;

export const projectMemberRateSchema = z.object({ constellationId: z.string(), userId: z.string(), hourlyRateCents: z.number().int().nullable() });
export type ProjectMemberRateView = z.output<typeof projectMemberRateSchema>;

export const listProjectMemberRatesInput = z.object({ id: idInput, ...paginationInput("project-member-rates") });
export const listProjectMemberRatesOutput = z.object({
  items: z.array(projectMemberRateSchema.extend({ name: z.string(), hourlyRateCents: z.number().int() })),
  pagination: paginationSchema,
});
