-- AlterTable
ALTER TABLE "RefreshFamily" ADD COLUMN     "terminalId" TEXT;

-- CreateTable
CREATE TABLE "PairingCode" (
    "codeHash" TEXT NOT NULL,
    "terminalId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PairingCode_pkey" PRIMARY KEY ("codeHash")
);

-- CreateTable
CREATE TABLE "TerminalCredential" (
    "terminalId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "pairedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TerminalCredential_pkey" PRIMARY KEY ("terminalId")
);

-- CreateTable
CREATE TABLE "StaffPin" (
    "accountId" TEXT NOT NULL,
    "pinHash" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffPin_pkey" PRIMARY KEY ("accountId")
);

-- CreateIndex
CREATE INDEX "PairingCode_terminalId_idx" ON "PairingCode"("terminalId");

-- CreateIndex
CREATE INDEX "PairingCode_expiresAt_idx" ON "PairingCode"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "TerminalCredential_tokenHash_key" ON "TerminalCredential"("tokenHash");

-- CreateIndex
CREATE INDEX "RefreshFamily_terminalId_idx" ON "RefreshFamily"("terminalId");
