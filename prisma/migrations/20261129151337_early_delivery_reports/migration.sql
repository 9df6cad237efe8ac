-- CreateTable
CREATE TABLE "EarlyDeliveryReport" (
    "provider" TEXT NOT NULL,
    "providerMessageId" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "providerStatus" TEXT NOT NULL,
    "failureReason" TEXT,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EarlyDeliveryReport_pkey" PRIMARY KEY ("provider","providerMessageId")
);

-- CreateIndex
CREATE INDEX "EarlyDeliveryReport_receivedAt_idx" ON "EarlyDeliveryReport"("receivedAt");

