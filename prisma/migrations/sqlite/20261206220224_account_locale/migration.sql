-- AlterTable
ALTER TABLE "AdminAccount" ADD COLUMN "locale" TEXT;

-- AlterTable
ALTER TABLE "CustomerAccount" ADD COLUMN "locale" TEXT;

-- AlterTable
ALTER TABLE "VendorAccount" ADD COLUMN "locale" TEXT;
