-- AlterTable
ALTER TABLE "Staff" ADD COLUMN     "mustChangePassword" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "DepositOtpTry" (
    "id" TEXT NOT NULL,
    "depositId" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DepositOtpTry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DepositOtpTry_depositId_at_idx" ON "DepositOtpTry"("depositId", "at");

-- AddForeignKey
ALTER TABLE "DepositOtpTry" ADD CONSTRAINT "DepositOtpTry_depositId_fkey" FOREIGN KEY ("depositId") REFERENCES "Deposit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

