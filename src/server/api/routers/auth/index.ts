import { createRouter } from "@/server/api/trpc";
import { changePasswordProcedure } from "./change-password";
import { getMeProcedure } from "./get-me";
import { logInProcedure } from "./log-in";
import { logOutProcedure } from "./log-out";
import { signUpProcedure } from "./sign-up";
import { startSsoProcedure } from "./start-sso";
import { finishSsoProcedure } from "./finish-sso";

export const authRouter = createRouter({
  signUp: signUpProcedure,
  logIn: logInProcedure,
  logOut: logOutProcedure,
  me: getMeProcedure,
  changePassword: changePasswordProcedure,
  startSso: startSsoProcedure,
  finishSso: finishSsoProcedure,
});
