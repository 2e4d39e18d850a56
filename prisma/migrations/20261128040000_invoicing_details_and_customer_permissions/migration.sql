-- AlterTable
ALTER TABLE "Customer" ADD COLUMN     "billingAddress" TEXT,
ADD COLUMN     "paymentTermsDays" INTEGER,
ADD COLUMN     "vatId" TEXT;

-- AlterTable
ALTER TABLE "Invoice" ADD COLUMN     "dueDate" DATE,
ADD COLUMN     "issueDate" DATE,
ADD COLUMN     "notes" TEXT,
ADD COLUMN     "paymentTermsDays" INTEGER,
ADD COLUMN     "recipientAddress" TEXT,
ADD COLUMN     "recipientName" TEXT,
ADD COLUMN     "recipientVatId" TEXT,
ADD COLUMN     "senderAddress" TEXT,
ADD COLUMN     "senderName" TEXT,
ADD COLUMN     "senderVatId" TEXT,
ADD COLUMN     "taxRateBps" INTEGER;

-- AlterTable
ALTER TABLE "InvoiceLine" ADD COLUMN     "startedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "address" TEXT,
ADD COLUMN     "invoiceNotes" TEXT,
ADD COLUMN     "legalName" TEXT,
ADD COLUMN     "membersManageCustomers" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "paymentTermsDays" INTEGER NOT NULL DEFAULT 14,
ADD COLUMN     "vatId" TEXT;

-- Invoices made before the rate was kept: the customer's rate where it reproduces the stored tax to the cent, else unknown (NULL)
UPDATE "Invoice" AS i SET "taxRateBps" = c."taxRateBps"
FROM "Customer" AS c
WHERE c."id" = i."customerId" AND (2 * i."subtotalCents"::bigint * c."taxRateBps" + 10000) / 20000 = i."taxCents";

-- Lines of earlier invoices take their log's start as their date
UPDATE "InvoiceLine" AS l SET "startedAt" = t."startedAt"
FROM "TimeLog" AS t
WHERE t."id" = l."timeLogId";

-- Invoices issued before details were kept: the issue day (UTC) and the names as they are now, no addresses or terms
UPDATE "Invoice" AS i SET "issueDate" = i."issuedAt"::date, "senderName" = o."name", "recipientName" = COALESCE(c."company", c."name")
FROM "Organization" AS o, "Customer" AS c
WHERE o."id" = i."organizationId" AND c."id" = i."customerId" AND i."issuedAt" IS NOT NULL;
