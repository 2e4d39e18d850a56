import { createRouter } from "@/server/api/trpc";
import { getEventProcedure } from "./get-event";
import { listEventsProcedure } from "./list-events";

export const eventsRouter = createRouter({
  list: listEventsProcedure,
  get: getEventProcedure,
});
