-- AlterTable
ALTER TABLE "PaymentPage" ADD COLUMN     "slug" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "PaymentPage_slug_key" ON "PaymentPage"("slug");

