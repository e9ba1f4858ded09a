-- CreateTable
CREATE TABLE "TotpFactor" (
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "secretCipher" TEXT NOT NULL,
    "confirmedAt" DATETIME,
    "lastStep" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("role", "accountId")
);

-- CreateTable
CREATE TABLE "RecoveryCode" (
    "codeHash" TEXT NOT NULL PRIMARY KEY,
    "role" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "RecoveryCode_role_accountId_idx" ON "RecoveryCode"("role", "accountId");
