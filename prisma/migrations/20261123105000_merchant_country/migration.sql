-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "country" TEXT;

