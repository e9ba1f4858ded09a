-- CreateTable
CREATE TABLE "TerminalApproval" (
    "id" TEXT NOT NULL,
    "terminalId" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "vendorId" TEXT NOT NULL,
    "requesterId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "amount" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "approverId" TEXT,
    "approvedAt" TIMESTAMP(3),
    "spentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TerminalApproval_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TerminalApproval_expiresAt_idx" ON "TerminalApproval"("expiresAt");
