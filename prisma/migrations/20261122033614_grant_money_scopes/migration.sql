-- Data only. Keys that held every scope before balances, transfers and analytics existed (the
-- default for new keys) get the new scopes too. Keys deliberately restricted stay as they are.
UPDATE "ApiKey"
SET "scopes" = "scopes" || ARRAY['balance:read', 'transfers:read', 'transfers:write', 'analytics:read']
WHERE "role" = 'merchant'
  AND "scopes" @> ARRAY['links:read', 'links:write', 'deposits:read', 'deposits:write', 'gateways:read']
  AND NOT "scopes" @> ARRAY['balance:read'];
