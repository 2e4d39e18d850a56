// Prisma CLI configuration. The app itself connects through driver adapters (src/server/db.ts);
// migrations run through scripts/db.ts.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
