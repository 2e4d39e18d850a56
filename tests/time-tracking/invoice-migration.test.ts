// The migration that adds invoicing details fills in what earlier invoices can tell: their tax rate where
// the customer's reproduces their tax to the cent, each line's date from its log, and for invoices
// already issued the issue day and the names they went out with. Replayed on a database holding rows
// of the schema before it (an embedded database of its own, so it runs the same under both suites).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { describe, expect, it } from "vitest";
import { readMigrationList } from "@/server/migrations";

const MIGRATION = "20261128040000_invoicing_details_and_customer_permissions";

describe(`migration ${MIGRATION}`, () => {
  it("keeps each earlier invoice's tax rate only where it reproduces the tax, dates lines, and records issued invoices' day and names", { timeout: 180_000 }, async () => {
    const { migrationDirectories } = await readMigrationList();
    const mine = migrationDirectories.find((directory) => directory.path === MIGRATION);
    if (mine?.migrationFile.content.tag !== "ok") throw new Error(`${MIGRATION} is missing`);
    const db = new PGlite({ extensions: { pg_trgm } });
    try {
      for (const directory of migrationDirectories.filter((entry) => entry.path < MIGRATION)) {
        if (directory.migrationFile.content.tag !== "ok") throw new Error(`${directory.path} is unreadable`);
        await db.exec(directory.migrationFile.content.value);
      }
      await db.exec(`
        INSERT INTO "Organization" ("id", "name", "updatedAt") VALUES ('org', 'Studio Nord', now());
        INSERT INTO "User" ("id", "organizationId", "email", "name", "passwordHash", "updatedAt") VALUES ('user', 'org', 'ada@example.com', 'Ada', 'x', now());
        INSERT INTO "Customer" ("id", "organizationId", "name", "company", "taxRateBps", "updatedAt") VALUES ('acme', 'org', 'Acme', 'Acme GmbH', 1900, now()), ('bob', 'org', 'Bob', NULL, 2000, now());
        INSERT INTO "TimeLog" ("id", "organizationId", "userId", "customerId", "startedAt", "durationSeconds", "source", "updatedAt")
          VALUES ('log', 'org', 'user', 'acme', '2026-03-02 08:30:00', 3600, 'manual', now());
        INSERT INTO "Invoice" ("id", "organizationId", "customerId", "number", "status", "currency", "subtotalCents", "taxCents", "totalCents", "periodStart", "periodEnd", "issuedAt")
          VALUES
            ('issued', 'org', 'acme', 'INV-0001', 'issued', 'EUR', 10050, 1910, 11960, '2026-03-01', '2026-03-31', '2026-04-01 23:30:00'),
            ('changed', 'org', 'bob', 'INV-0002', 'draft', 'EUR', 10000, 1900, 11900, '2026-03-01', '2026-03-31', NULL);
        INSERT INTO "InvoiceLine" ("id", "organizationId", "invoiceId", "timeLogId", "description", "seconds", "billedSeconds", "amountCents", "position")
          VALUES ('line', 'org', 'issued', 'log', 'Workshop', 3600, 3600, 10050, 0), ('fee', 'org', 'changed', NULL, 'Fixed fee', 0, 0, 10000, 0);
      `);
      await db.exec(mine.migrationFile.content.value);

      const invoices = await db.query<Record<string, unknown>>(
        `SELECT "id", "taxRateBps", to_char("issueDate", 'YYYY-MM-DD') AS "issueDate", "dueDate", "paymentTermsDays", "senderName", "senderAddress", "recipientName", "recipientVatId", "notes" FROM "Invoice" ORDER BY "id"`,
      );
      expect(invoices.rows).toEqual([
        // Bob's rate (20%) does not give the 19% stored: the rate that made it is unknown.
        { id: "changed", taxRateBps: null, issueDate: null, dueDate: null, paymentTermsDays: null, senderName: null, senderAddress: null, recipientName: null, recipientVatId: null, notes: null },
        // 19% of 100.50 is 19.095, rounded half up to 19.10: Acme's rate reproduces it.
        { id: "issued", taxRateBps: 1900, issueDate: "2026-04-01", dueDate: null, paymentTermsDays: null, senderName: "Studio Nord", senderAddress: null, recipientName: "Acme GmbH", recipientVatId: null, notes: null },
      ]);
      const lines = await db.query<{ id: string; startedAt: Date | null }>(`SELECT "id", "startedAt" FROM "InvoiceLine" ORDER BY "id"`);
      expect(lines.rows.map((row) => [row.id, row.startedAt && new Date(row.startedAt).toISOString().slice(0, 19)])).toEqual([
        ["fee", null],
        ["line", "2026-03-02T08:30:00"],
      ]);
      const organization = await db.query(`SELECT "membersManageCustomers", "paymentTermsDays", "legalName", "invoiceNotes" FROM "Organization"`);
      expect(organization.rows).toEqual([{ membersManageCustomers: false, paymentTermsDays: 14, legalName: null, invoiceNotes: null }]);
    } finally {
      await db.close();
    }
  });
});
