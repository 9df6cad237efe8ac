-- CreateEnum
CREATE TYPE "Environment" AS ENUM ('sandbox', 'live');

-- CreateEnum
CREATE TYPE "GatewayKind" AS ENUM ('deposit', 'withdrawal');

-- CreateEnum
CREATE TYPE "ApiKeyRole" AS ENUM ('merchant', 'staff');

-- CreateEnum
CREATE TYPE "LinkStatus" AS ENUM ('pending', 'completed', 'expired', 'failed');

-- CreateTable
CREATE TABLE "Merchant" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "webhookSecret" TEXT NOT NULL,
    "previousWebhookSecret" TEXT,
    "previousSecretExpiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Merchant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "role" "ApiKeyRole" NOT NULL DEFAULT 'merchant',
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Gateway" (
    "kind" "GatewayKind" NOT NULL,
    "name" TEXT NOT NULL,
    "provider" TEXT,
    "type" TEXT NOT NULL,
    "allowedCountries" TEXT[],
    "allowedCurrencies" TEXT[],
    "feePercent" DECIMAL(6,3) NOT NULL,
    "feeFixed" JSONB NOT NULL DEFAULT '{}',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Gateway_pkey" PRIMARY KEY ("kind","name")
);

-- CreateTable
CREATE TABLE "MerchantGateway" (
    "merchantId" TEXT NOT NULL,
    "kind" "GatewayKind" NOT NULL,
    "gatewayName" TEXT NOT NULL,

    CONSTRAINT "MerchantGateway_pkey" PRIMARY KEY ("merchantId","kind","gatewayName")
);

-- CreateTable
CREATE TABLE "PaymentLink" (
    "id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "status" "LinkStatus" NOT NULL DEFAULT 'pending',
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "customerName" TEXT,
    "customerEmail" TEXT,
    "customerPhone" TEXT,
    "callbackUrl" TEXT,
    "returnUrl" TEXT,
    "metadata" JSONB,
    "feesMinor" BIGINT,
    "gatewayName" TEXT,
    "failureReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "completedAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),
    "expiredAt" TIMESTAMP(3),

    CONSTRAINT "PaymentLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdempotencyKey" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "route" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "responseStatus" INTEGER,
    "responseBody" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdempotencyKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");

-- CreateIndex
CREATE INDEX "ApiKey_merchantId_idx" ON "ApiKey"("merchantId");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentLink_reference_key" ON "PaymentLink"("reference");

-- CreateIndex
CREATE INDEX "PaymentLink_merchantId_environment_createdAt_idx" ON "PaymentLink"("merchantId", "environment", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentLink_status_expiresAt_idx" ON "PaymentLink"("status", "expiresAt");

-- CreateIndex
CREATE INDEX "IdempotencyKey_expiresAt_idx" ON "IdempotencyKey"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyKey_merchantId_environment_route_key_key" ON "IdempotencyKey"("merchantId", "environment", "route", "key");

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MerchantGateway" ADD CONSTRAINT "MerchantGateway_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MerchantGateway" ADD CONSTRAINT "MerchantGateway_kind_gatewayName_fkey" FOREIGN KEY ("kind", "gatewayName") REFERENCES "Gateway"("kind", "name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentLink" ADD CONSTRAINT "PaymentLink_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
