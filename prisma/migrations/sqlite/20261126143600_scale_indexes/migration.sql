-- DropIndex
DROP INDEX "VendorAccount_vendorId_idx";

-- DropIndex
DROP INDEX "Store_vendorId_idx";

-- CreateIndex
CREATE INDEX "AdminAccount_createdAt_id_idx" ON "AdminAccount"("createdAt", "id");

-- CreateIndex
CREATE INDEX "CustomerAccount_createdAt_id_idx" ON "CustomerAccount"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Vendor_createdAt_id_idx" ON "Vendor"("createdAt", "id");

-- CreateIndex
CREATE INDEX "VendorAccount_vendorId_createdAt_id_idx" ON "VendorAccount"("vendorId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Store_vendorId_createdAt_id_idx" ON "Store"("vendorId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "RefreshFamily_revokedAt_idx" ON "RefreshFamily"("revokedAt");

-- CreateIndex
CREATE INDEX "RefreshToken_expiresAt_idx" ON "RefreshToken"("expiresAt");

-- CreateIndex
CREATE INDEX "audit_events_accountId_at_id_idx" ON "audit_events"("accountId", "at", "id");
