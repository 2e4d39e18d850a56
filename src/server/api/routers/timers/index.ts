import { createRouter } from "@/server/api/trpc";
import { getCurrentTimerProcedure } from "./get-current-timer";
import { startTimerProcedure } from "./start-timer";
import { stopTimerProcedure } from "./stop-timer";
import { updateTimerProcedure } from "./update-timer";
import { discardTimerProcedure } from "./discard-timer";

export const timersRouter = createRouter({
  start: startTimerProcedure,
  current: getCurrentTimerProcedure,
  stop: stopTimerProcedure,
  update: updateTimerProcedure,
  discard: discardTimerProcedure,
});
