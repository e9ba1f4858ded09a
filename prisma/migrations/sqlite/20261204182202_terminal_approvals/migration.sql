-- CreateTable
CREATE TABLE "TerminalApproval" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "terminalId" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "vendorId" TEXT NOT NULL,
    "requesterId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "amount" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "approverId" TEXT,
    "approvedAt" DATETIME,
    "spentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "TerminalApproval_expiresAt_idx" ON "TerminalApproval"("expiresAt");
