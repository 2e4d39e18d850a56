import { createRouter } from "@/server/api/trpc";
import { getCurrentTimerProcedure } from "./get-current-timer";
import { startTimerProcedure } from "./start-timer";
import { stopTimerProcedure } from "./stop-timer";

export const timersRouter = createRouter({
  start: startTimerProcedure,
  current: getCurrentTimerProcedure,
  stop: stopTimerProcedure,
});
