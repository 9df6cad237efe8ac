-- CreateEnum
CREATE TYPE "LinkSendChannel" AS ENUM ('sms', 'email');

-- CreateEnum
CREATE TYPE "LinkSendStatus" AS ENUM ('queued', 'sent', 'delivered', 'failed');

-- CreateTable
CREATE TABLE "LinkSend" (
    "id" TEXT NOT NULL,
    "paymentLinkId" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "channel" "LinkSendChannel" NOT NULL,
    "recipient" TEXT NOT NULL,
    "status" "LinkSendStatus" NOT NULL DEFAULT 'queued',
    "failureReason" TEXT,
    "providerStatus" TEXT,
    "provider" TEXT,
    "providerMessageId" TEXT,
    "providerCost" TEXT,
    "requestedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    "deliveredAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LinkSend_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LinkSend_paymentLinkId_createdAt_idx" ON "LinkSend"("paymentLinkId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "LinkSend_provider_providerMessageId_key" ON "LinkSend"("provider", "providerMessageId");

-- AddForeignKey
ALTER TABLE "LinkSend" ADD CONSTRAINT "LinkSend_paymentLinkId_fkey" FOREIGN KEY ("paymentLinkId") REFERENCES "PaymentLink"("id") ON DELETE CASCADE ON UPDATE CASCADE;

