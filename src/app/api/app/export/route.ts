// GET /api/app/export: a streamed ZIP of UTF-8 CSVs (time-logs, tasks, customers, projects, invoices).
import { fileRoute } from "@/server/http/file-route";

export const GET = fileRoute((caller) => caller.exports.download());
