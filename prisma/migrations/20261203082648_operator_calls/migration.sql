-- CreateTable
CREATE TABLE "OperatorCall" (
    "id" TEXT NOT NULL,
    "operator" TEXT NOT NULL,
    "scope" TEXT,
    "operation" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OperatorCall_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OperatorCall_at_idx" ON "OperatorCall"("at");

