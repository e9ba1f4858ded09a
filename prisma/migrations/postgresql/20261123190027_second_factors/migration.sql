-- CreateTable
CREATE TABLE "TotpFactor" (
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "secretCipher" TEXT NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "lastStep" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TotpFactor_pkey" PRIMARY KEY ("role","accountId")
);

-- CreateTable
CREATE TABLE "RecoveryCode" (
    "codeHash" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RecoveryCode_pkey" PRIMARY KEY ("codeHash")
);

-- CreateIndex
CREATE INDEX "RecoveryCode_role_accountId_idx" ON "RecoveryCode"("role", "accountId");
