import { sessionProcedure } from "@/server/api/procedures";
import { customerPermissions } from "@/server/services/organization/customer-permissions";
import { customerPermissionsSchema } from "@/server/contract/organization-settings";

/** Whether the signed-in person may create, edit and archive customers and projects, so the app offers only what the server allows. */
export const getCustomerPermissionsProcedure = sessionProcedure.output(customerPermissionsSchema).query(({ ctx }) => customerPermissions(ctx.db, ctx.actor));
