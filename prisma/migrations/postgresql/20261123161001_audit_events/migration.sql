-- CreateTable
CREATE TABLE "audit_events" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "event" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "accountId" TEXT,
    "actorRole" TEXT,
    "actorId" TEXT,
    "vendorId" TEXT,
    "clientIp" TEXT,
    "userAgent" TEXT,
    "details" JSONB NOT NULL,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_events_at_id_idx" ON "audit_events"("at", "id");

-- CreateIndex
CREATE INDEX "audit_events_role_accountId_at_idx" ON "audit_events"("role", "accountId", "at");

-- CreateIndex
CREATE INDEX "audit_events_event_at_idx" ON "audit_events"("event", "at");

-- CreateIndex
CREATE INDEX "audit_events_vendorId_at_idx" ON "audit_events"("vendorId", "at");
