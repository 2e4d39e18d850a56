import { z } from "zod";
import { timestampSchema } from "@/server/lib/zod";
import { paginationInput } from "@/server/lib/cursor";
import { emailInput, nameInput, passwordInput } from "../auth/auth.schema";

export const addMemberInput = z.object({ email: emailInput, password: passwordInput, name: nameInput, role: z.enum(["admin", "member"]) });
export const addMemberOutput = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  role: z.enum(["admin", "member"]),
});

export const setPlanInput = z.object({ plan: z.enum(["free", "pro"]) });
export const setPlanOutput = z.object({ organization: z.object({ id: z.string(), name: z.string(), plan: z.enum(["free", "pro"]) }) });

export const listMembersInput = z.object({ ...paginationInput });
export const memberSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(["admin", "member"]), createdAt: timestampSchema });
