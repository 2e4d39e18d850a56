import { createRouter } from "@/server/api/trpc";

export const timeLogsRouter = createRouter({});
