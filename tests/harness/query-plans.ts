// The plan a database chooses for a statement, for tests that pin which index serves a list.
import { getDb } from "@/server/db";

/** The plan of a statement with sequential scans priced out, so that any usable index shows. */
export async function planOf(sql: string): Promise<string> {
  const db = await getDb();
  const [, rows] = await db.$transaction([db.$executeRawUnsafe("SET LOCAL enable_seqscan = off"), db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${sql}`)]);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}
