import { createRouter } from "@/server/api/trpc";
import { changePasswordProcedure } from "./change-password";
import { disableTwoFactorProcedure } from "./disable-two-factor";
import { enableTwoFactorProcedure } from "./enable-two-factor";
import { getMeProcedure } from "./get-me";
import { getTwoFactorProcedure } from "./get-two-factor";
import { listSessionsProcedure } from "./list-sessions";
import { logInProcedure } from "./log-in";
import { logOutProcedure } from "./log-out";
import { revokeOtherSessionsProcedure } from "./revoke-other-sessions";
import { revokeSessionProcedure } from "./revoke-session";
import { setUpTwoFactorProcedure } from "./set-up-two-factor";
import { signUpProcedure } from "./sign-up";
import { startSsoProcedure } from "./start-sso";
import { finishSsoProcedure } from "./finish-sso";

export const authRouter = createRouter({
  signUp: signUpProcedure,
  logIn: logInProcedure,
  logOut: logOutProcedure,
  me: getMeProcedure,
  changePassword: changePasswordProcedure,
  twoFactor: getTwoFactorProcedure,
  setUpTwoFactor: setUpTwoFactorProcedure,
  enableTwoFactor: enableTwoFactorProcedure,
  disableTwoFactor: disableTwoFactorProcedure,
  sessions: listSessionsProcedure,
  revokeSession: revokeSessionProcedure,
  revokeOtherSessions: revokeOtherSessionsProcedure,
  startSso: startSsoProcedure,
  finishSso: finishSsoProcedure,
});
