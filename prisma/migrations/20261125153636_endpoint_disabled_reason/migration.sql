-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "disabledReason" TEXT;

-- Endpoints disabled before the reason was stored: the reason as the console used to derive it.
UPDATE "WebhookEndpoint" SET "disabledReason" = CASE
  WHEN "disabledAt" IS NULL THEN 'manual'
  WHEN "consecutiveFailures" >= 20 THEN 'consecutive_failures'
  ELSE 'gone' END
WHERE NOT "isActive";
