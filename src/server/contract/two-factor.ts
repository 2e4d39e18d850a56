// Two-factor sign-in (app-api section 15): inputs and answers; the organization's setting is in organization-security.ts.
// The TOTP secret leaves the server once, at setup; recovery codes once, when two-factor is enabled.
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MAX_SECOND_FACTOR_CODE_LENGTH } from "@/lib/limits";

/** A code from the authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`); spaces and hyphens are ignored. */
export const secondFactorCodeInput = z.string().trim().min(1, "is required").max(MAX_SECOND_FACTOR_CODE_LENGTH);

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export const enableTwoFactorInput = z.object({ code: secondFactorCodeInput });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const disableTwoFactorInput = z.object({ password: z.string().min(1, "is required").max(MAX_PASSWORD_LENGTH), code: secondFactorCodeInput });
/** Where the person stands: on or not, whether the organization requires it, recovery codes left. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number().int() });


export type TwoFactorSetupView = z.output<typeof twoFactorSetupSchema>;
export type TwoFactorStatusView = z.output<typeof twoFactorStatusSchema>;
export type DisableTwoFactorInput = z.output<typeof disableTwoFactorInput>;
