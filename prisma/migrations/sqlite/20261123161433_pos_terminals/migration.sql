-- AlterTable
ALTER TABLE "RefreshFamily" ADD COLUMN "terminalId" TEXT;

-- CreateTable
CREATE TABLE "PairingCode" (
    "codeHash" TEXT NOT NULL PRIMARY KEY,
    "terminalId" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "TerminalCredential" (
    "terminalId" TEXT NOT NULL PRIMARY KEY,
    "tokenHash" TEXT NOT NULL,
    "pairedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "StaffPin" (
    "accountId" TEXT NOT NULL PRIMARY KEY,
    "pinHash" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "PairingCode_terminalId_idx" ON "PairingCode"("terminalId");

-- CreateIndex
CREATE INDEX "PairingCode_expiresAt_idx" ON "PairingCode"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "TerminalCredential_tokenHash_key" ON "TerminalCredential"("tokenHash");

-- CreateIndex
CREATE INDEX "RefreshFamily_terminalId_idx" ON "RefreshFamily"("terminalId");
