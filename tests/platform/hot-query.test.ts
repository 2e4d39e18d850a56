// The public API's hot statements leave Prisma's client on a PostgreSQL server (`hotQuery`): their rows
// must be exactly what `$queryRaw` returns for the same statement, on either database.
import { expect, it, onTestFinished } from "vitest";
import { getDatabase, hotQuery, openDatabase, Prisma } from "@/server/db";

it("returns the rows $queryRaw returns, column type by column type, whatever the process's time zone", async () => {
  const { prisma } = await getDatabase();
  // pg's own defaults read and send timestamps in local time: a zone away from UTC shows it.
  const zone = process.env.TZ;
  process.env.TZ = "America/Sao_Paulo";
  onTestFinished(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  expect(new Date(0).getTimezoneOffset()).not.toBe(0);
  const instant = new Date("2026-03-29T01:30:00.123Z");
  const query = Prisma.sql`SELECT true AS "bool", 7::int2 AS "int2", 2147483647::int4 AS "int4", 9007199254740993::int8 AS "int8",
    0.25::float8 AS "float8", 'text'::text AS "text", 'varchar'::varchar AS "varchar", 'todo'::"TaskStatus" AS "enum",
    '{"a":[1,{"b":null}]}'::json AS "json", '{"c":"d"}'::jsonb AS "jsonb", '[]'::json AS "emptyJson",
    ${["a", "b,c", 'q"uote']}::text[] AS "texts", ARRAY[]::text[] AS "noTexts", ARRAY[true, false] AS "bools", ARRAY[1, 2] AS "ints",
    ${instant}::timestamp(3) AS "timestamp", ${instant}::timestamptz AS "timestamptz", NULL::timestamp(3) AS "noTimestamp",
    ${instant}::timestamp(3) = '2026-03-29 01:30:00.123'::timestamp(3) AS "parameterIsUtc", ${42} AS "number", NULL::text AS "nothing"`;
  const [hot] = await hotQuery<Record<string, unknown>>(prisma, query);
  const [raw] = await prisma.$queryRaw<Record<string, unknown>[]>(query);
  expect(hot).toEqual(raw);
  expect(Object.keys(hot!)).toEqual(Object.keys(raw!));
  expect(hot).toMatchObject({ int8: 9007199254740993n, timestamp: instant, timestamptz: instant, parameterIsUtc: true, enum: "todo" });
});

it("refuses a column type it does not map, on a PostgreSQL server, rather than return another shape", async () => {
  const { prisma, kind } = await getDatabase();
  const query = Prisma.sql`SELECT 1.5::numeric AS "amount"`;
  if (kind === "postgres") await expect(hotQuery(prisma, query)).rejects.toThrow(/column type 1700 is not mapped/);
  else expect((await hotQuery<{ amount: Prisma.Decimal }>(prisma, query))[0]!.amount.toString()).toBe("1.5");
});

it("prepares each statement once per connection, and still answers when a migration changed its columns", async () => {
  const { kind } = await getDatabase();
  if (kind !== "postgres") return;
  // A pool of one connection, so that every statement below runs on the same session.
  const database = openDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: "memory://", databasePoolSize: 1 });
  const table = `hot_query_${Date.now()}`;
  onTestFinished(async () => {
    await database.prisma.$executeRawUnsafe(`DROP TABLE IF EXISTS "${table}"`);
    await database.close();
  });
  const prepared = () =>
    hotQuery<{ statement: string }>(database.prisma, Prisma.sql`SELECT "statement" FROM pg_prepared_statements WHERE "name"::text LIKE 'orbit_hot_%'`);
  const answer = Prisma.sql`SELECT ${"prepared"}::text AS "word", ${41}::int + 1 AS "number"`;
  for (let round = 0; round < 3; round += 1) expect(await hotQuery(database.prisma, answer)).toEqual([{ word: "prepared", number: 42 }]);
  expect((await prepared()).filter((row) => row.statement === answer.text)).toHaveLength(1);

  await database.prisma.$executeRawUnsafe(`CREATE TABLE "${table}" ("value" int)`);
  await database.prisma.$executeRawUnsafe(`INSERT INTO "${table}" VALUES (7)`);
  const read = Prisma.raw(`SELECT * FROM "${table}"`);
  expect(await hotQuery(database.prisma, read)).toEqual([{ value: 7 }]);
  // The prepared statement's result type changes under it: PostgreSQL refuses to run it as prepared
  // ("cached plan must not change result type"); the statement still answers, in the new type.
  await database.prisma.$executeRawUnsafe(`ALTER TABLE "${table}" ALTER COLUMN "value" TYPE text`);
  expect(await hotQuery(database.prisma, read)).toEqual([{ value: "7" }]);
  expect(await hotQuery(database.prisma, read)).toEqual([{ value: "7" }]);
});
