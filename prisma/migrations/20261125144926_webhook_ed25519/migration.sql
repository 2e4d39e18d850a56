-- CreateEnum
CREATE TYPE "WebhookSigning" AS ENUM ('hmac', 'ed25519');

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "publicKey" TEXT,
ADD COLUMN     "sealedPrivateKey" TEXT,
ADD COLUMN     "signing" "WebhookSigning" NOT NULL DEFAULT 'hmac';
