import { createRouter } from "@/server/api/trpc";

export const constellationsRouter = createRouter({});
