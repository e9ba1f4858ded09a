-- CreateTable
CREATE TABLE "OAuthPayload" (
    "kind" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grantId" TEXT,
    "clientId" TEXT,
    "userCode" TEXT,
    "uid" TEXT,
    "expiresAt" TIMESTAMP(3),
    "consumedAt" TIMESTAMP(3),

    CONSTRAINT "OAuthPayload_pkey" PRIMARY KEY ("kind","id")
);

-- CreateIndex
CREATE INDEX "OAuthPayload_grantId_idx" ON "OAuthPayload"("grantId");

-- CreateIndex
CREATE INDEX "OAuthPayload_clientId_idx" ON "OAuthPayload"("clientId");

-- CreateIndex
CREATE INDEX "OAuthPayload_uid_idx" ON "OAuthPayload"("uid");

-- CreateIndex
CREATE INDEX "OAuthPayload_userCode_idx" ON "OAuthPayload"("userCode");

-- CreateIndex
CREATE INDEX "OAuthPayload_expiresAt_idx" ON "OAuthPayload"("expiresAt");
