import { createRouter } from "@/server/api/trpc";
import { listEventsProcedure } from "./list-events";

export const eventsRouter = createRouter({
  list: listEventsProcedure,
});
