-- CreateTable
CREATE TABLE "MemberAlertSettings" (
    "memberId" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "sms" BOOLEAN NOT NULL DEFAULT false,
    "email" BOOLEAN NOT NULL DEFAULT false,
    "phone" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MemberAlertSettings_pkey" PRIMARY KEY ("memberId")
);

-- CreateTable
CREATE TABLE "PaymentAlert" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "depositId" TEXT NOT NULL,
    "memberId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "recipient" TEXT,
    "failureReason" TEXT,
    "dueAt" TIMESTAMP(3),
    "claimedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "PaymentAlert_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MemberAlertSettings_merchantId_idx" ON "MemberAlertSettings"("merchantId");

-- CreateIndex
CREATE INDEX "PaymentAlert_dueAt_idx" ON "PaymentAlert"("dueAt");

-- CreateIndex
CREATE INDEX "PaymentAlert_merchantId_createdAt_idx" ON "PaymentAlert"("merchantId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAlert_depositId_memberId_channel_key" ON "PaymentAlert"("depositId", "memberId", "channel");

-- AddForeignKey
ALTER TABLE "MemberAlertSettings" ADD CONSTRAINT "MemberAlertSettings_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentAlert" ADD CONSTRAINT "PaymentAlert_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "Member"("id") ON DELETE CASCADE ON UPDATE CASCADE;

