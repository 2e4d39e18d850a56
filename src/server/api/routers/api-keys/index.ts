import { createRouter } from "@/server/api/trpc";

export const apiKeysRouter = createRouter({});
