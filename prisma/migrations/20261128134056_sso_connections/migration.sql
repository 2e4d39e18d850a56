-- CreateTable
CREATE TABLE "SsoConnection" (
    "organizationId" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretEncrypted" TEXT NOT NULL,
    "enforce" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SsoConnection_pkey" PRIMARY KEY ("organizationId")
);

-- CreateTable
CREATE TABLE "SsoEmailDomain" (
    "domain" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,

    CONSTRAINT "SsoEmailDomain_pkey" PRIMARY KEY ("domain")
);

-- CreateTable
CREATE TABLE "SsoLogin" (
    "stateHash" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SsoLogin_pkey" PRIMARY KEY ("stateHash")
);

-- CreateIndex
CREATE INDEX "SsoEmailDomain_organizationId_idx" ON "SsoEmailDomain"("organizationId");

-- CreateIndex
CREATE INDEX "SsoLogin_expiresAt_idx" ON "SsoLogin"("expiresAt");

-- CreateIndex
CREATE INDEX "SsoLogin_organizationId_idx" ON "SsoLogin"("organizationId");

-- AddForeignKey
ALTER TABLE "SsoConnection" ADD CONSTRAINT "SsoConnection_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoEmailDomain" ADD CONSTRAINT "SsoEmailDomain_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoLogin" ADD CONSTRAINT "SsoLogin_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
