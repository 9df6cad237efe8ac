-- CreateTable
CREATE TABLE "ApiKeyUsage" (
    "apiKeyId" TEXT NOT NULL,
    "bucketStart" TIMESTAMP(3) NOT NULL,
    "ok" INTEGER NOT NULL DEFAULT 0,
    "clientErrors" INTEGER NOT NULL DEFAULT 0,
    "serverErrors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ApiKeyUsage_pkey" PRIMARY KEY ("apiKeyId","bucketStart")
);

-- CreateIndex
CREATE INDEX "ApiKeyUsage_bucketStart_idx" ON "ApiKeyUsage"("bucketStart");

