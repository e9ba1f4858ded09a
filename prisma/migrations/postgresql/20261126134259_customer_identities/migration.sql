-- CreateTable
CREATE TABLE "CustomerIdentity" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "linkedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "CustomerIdentity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OidcFlow" (
    "state" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "accountId" TEXT,
    "nonce" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "browserHash" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OidcFlow_pkey" PRIMARY KEY ("state")
);

-- CreateIndex
CREATE INDEX "CustomerIdentity_accountId_idx" ON "CustomerIdentity"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerIdentity_issuer_subject_key" ON "CustomerIdentity"("issuer", "subject");

-- CreateIndex
CREATE INDEX "OidcFlow_expiresAt_idx" ON "OidcFlow"("expiresAt");
