-- CreateIndex
CREATE INDEX "LinkSend_recipient_createdAt_idx" ON "LinkSend"("recipient", "createdAt");

-- CreateIndex
CREATE INDEX "LinkSend_merchantId_environment_createdAt_idx" ON "LinkSend"("merchantId", "environment", "createdAt");

