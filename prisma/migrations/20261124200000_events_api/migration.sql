-- CreateIndex
CREATE INDEX "WebhookEvent_merchantId_environment_id_idx" ON "WebhookEvent"("merchantId", "environment", "id");

-- CreateIndex
CREATE INDEX "WebhookEvent_createdAt_idx" ON "WebhookEvent"("createdAt");



-- Data: the events API needs `events:read`. Keys that held every scope before it existed (the
-- default for new keys) get it too, while keys deliberately restricted stay as they are.
UPDATE "ApiKey"
SET "scopes" = "scopes" || ARRAY['events:read']
WHERE "role" = 'merchant'
  AND "scopes" @> ARRAY['links:read', 'links:write', 'deposits:read', 'deposits:write', 'gateways:read', 'balance:read', 'transfers:read', 'transfers:write', 'analytics:read']
  AND NOT "scopes" @> ARRAY['events:read'];
