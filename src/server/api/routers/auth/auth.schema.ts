import { z } from "zod";

export const emailInput = z.string().trim().max(254).email();
export const passwordInput = z.string().min(8).max(200);
export const nameInput = z.string().trim().min(1).max(200);

export const accountOutput = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  organization: z.object({ id: z.string(), name: z.string(), plan: z.enum(["free", "pro"]) }),
  role: z.enum(["admin", "member"]),
});

export const signUpInput = z.object({ email: emailInput, password: passwordInput, name: nameInput, organizationName: nameInput });
export const logInInput = z.object({ email: z.string().max(254), password: z.string().max(200) });
export const changePasswordInput = z.object({ currentPassword: z.string().min(1, "is required").max(200), newPassword: passwordInput });
