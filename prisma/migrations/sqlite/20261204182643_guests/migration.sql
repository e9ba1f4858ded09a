-- CreateTable
CREATE TABLE "Guest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL,
    "customerId" TEXT,
    "convertedAt" DATETIME
);

-- CreateIndex
CREATE INDEX "Guest_createdAt_idx" ON "Guest"("createdAt");
