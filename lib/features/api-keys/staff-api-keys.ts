import type { Environment } from "@prisma/client";
import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { notFound } from "@/lib/core/errors/domain-error";
import { forgetApiKey } from "@/lib/core/cache/api-key-cache";
import { SCOPES, type Scope } from "@/lib/core/domain/api-keys";
import { newApiKeyRow } from "@/lib/features/merchants/create-merchant";
import { recordAudit } from "@/lib/features/audit/record-audit";

/** A new key for a merchant, shown once; audited with its prefix, never the key. */
export async function createApiKey(
  client: DbClient,
  options: { staffId: string; merchantId: string; environment: Environment; scopes?: Scope[] },
) {
  return inTransaction(client, async (tx) => {
    if (!(await tx.merchant.findUnique({ where: { id: options.merchantId } }))) throw notFound("Merchant");
    const { key, row } = newApiKeyRow(options.merchantId, options.environment, options.scopes ?? SCOPES);
    await tx.apiKey.create({ data: row });
    await recordAudit(tx, {
      staffId: options.staffId,
      action: "api_key.created",
      targetType: "merchant",
      targetId: options.merchantId,
      details: { keyId: row.id, prefix: row.prefix, environment: options.environment },
    });
    return { id: row.id, key, prefix: row.prefix, environment: options.environment, scopes: row.scopes };
  });
}

export async function revokeApiKey(client: DbClient, options: { staffId: string; keyId: string }) {
  return inTransaction(client, async (tx) => {
    const key = await tx.apiKey.findUnique({ where: { id: options.keyId } });
    if (!key) throw notFound("API key");
    if (!key.revokedAt) await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    await recordAudit(tx, {
      staffId: options.staffId,
      action: "api_key.revoked",
      targetType: "merchant",
      targetId: key.merchantId,
      details: { keyId: key.id, prefix: key.prefix },
    });
    forgetApiKey(key.id);
    return { id: key.id, revoked: true };
  });
}
