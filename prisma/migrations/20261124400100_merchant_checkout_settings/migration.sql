-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "defaultLanguage" TEXT,
ADD COLUMN     "logoDataUrl" TEXT,
ADD COLUMN     "supportEmail" TEXT,
ADD COLUMN     "supportPhone" TEXT;

