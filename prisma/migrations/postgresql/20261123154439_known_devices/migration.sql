-- CreateTable
CREATE TABLE "KnownDevice" (
    "idHash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KnownDevice_pkey" PRIMARY KEY ("idHash")
);

-- CreateIndex
CREATE INDEX "KnownDevice_role_accountId_idx" ON "KnownDevice"("role", "accountId");

-- CreateIndex
CREATE INDEX "KnownDevice_expiresAt_idx" ON "KnownDevice"("expiresAt");
