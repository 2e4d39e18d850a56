import { createRouter } from "@/server/api/trpc";
import { addMemberProcedure } from "./add-member";
import { setPlanProcedure } from "./set-plan";
import { listMembersProcedure } from "./list-members";
import { setMemberRoleProcedure } from "./set-member-role";
import { deactivateMemberProcedure } from "./deactivate-member";
import { reactivateMemberProcedure } from "./reactivate-member";
import { getSettingsProcedure } from "./get-settings";
import { updateSettingsProcedure } from "./update-settings";
import { getCustomerPermissionsProcedure } from "./get-customer-permissions";
import { getSecurityProcedure } from "./get-security";
import { updateSecurityProcedure } from "./update-security";

export const organizationRouter = createRouter({
  addMember: addMemberProcedure,
  setPlan: setPlanProcedure,
  listMembers: listMembersProcedure,
  setMemberRole: setMemberRoleProcedure,
  deactivateMember: deactivateMemberProcedure,
  reactivateMember: reactivateMemberProcedure,
  settings: getSettingsProcedure,
  updateSettings: updateSettingsProcedure,
  customerPermissions: getCustomerPermissionsProcedure,
  security: getSecurityProcedure,
  updateSecurity: updateSecurityProcedure,
});
