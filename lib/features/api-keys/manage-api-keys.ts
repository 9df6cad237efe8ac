import { z } from "zod";
import { keyScopesFor, scopeAction, type MemberRole } from "@/lib/features/auth/member-permissions";
import type { DbClient } from "@/lib/core/db/client";
import { inTransaction } from "@/lib/core/db/in-transaction";
import { DomainError, notFound } from "@/lib/core/errors/domain-error";
import { validationError } from "@/lib/core/errors/validation-errors";
import { forgetApiKey } from "@/lib/core/cache/api-key-cache";
import { SCOPES, type Scope } from "@/lib/core/domain/api-keys";
import { newApiKeyRow } from "@/lib/features/merchants/create-merchant";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

// API keys as a merchant manages them: per environment, shown once, regenerated with an overlap.
// A key is its creator's hands on the API: it carries only scopes the creator's role could use on
// the dashboard (keyScopesFor), so a developer cannot mint a key that pays out. Its maker is
// recorded: when their role changes or they leave, the key keeps only what the new role may use
// (lib/features/auth/member-keys.ts). Revoking a key takes the same rights as making it: a
// developer cannot cut the owner's payout key.

/** Overlaps a member may choose when regenerating a key (seconds): at once, 1 h, 24 h, 7 days. */
export const KEY_OVERLAPS = [0, 3600, 86_400, 604_800] as const;

const createKeySchema = z.strictObject({
  name: z.string({ error: "must be a string" }).trim().min(1, { error: "must not be empty" }).max(60, { error: "must be at most 60 characters" }),
  scopes: z.array(z.enum(SCOPES, { error: `must be among ${SCOPES.join(", ")}` })).min(1, { error: "must name at least one scope" }),
});

/** The environment's keys that still work or did recently (revoked ones are hidden), newest first. */
export async function listApiKeys(client: DbClient, scope: MerchantScope) {
  const keys = await client.apiKey.findMany({
    where: { merchantId: scope.merchantId, environment: scope.environment, role: "merchant", revokedAt: null },
    select: { id: true, name: true, prefix: true, scopes: true, createdAt: true, lastUsedAt: true, expiresAt: true, createdByUserId: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const makerIds = [...new Set(keys.flatMap((k) => (k.createdByUserId ? [k.createdByUserId] : [])))];
  const makers = makerIds.length ? await client.user.findMany({ where: { id: { in: makerIds } }, select: { id: true, name: true, email: true } }) : [];
  const byId = new Map(makers.map((m) => [m.id, m]));
  // madeBy null: made before makers were recorded, or by the CLI or support.
  return keys.map(({ createdByUserId, ...key }) => {
    const maker = createdByUserId ? byId.get(createdByUserId) : undefined;
    return { ...key, madeBy: maker ? { name: maker.name, email: maker.email } : null };
  });
}

/** 403/40001 unless a member of `role` may put every one of `scopes` on a key. */
function assertMayGrantScopes(role: MemberRole, scopes: readonly Scope[], doing: "give" | "revoke" = "give") {
  const allowed = keyScopesFor(role);
  const beyond = scopes.filter((s) => !allowed.includes(s));
  if (beyond.length === 0) return;
  const needs = beyond.map((s) => `'${s}' needs '${scopeAction(s)}'`).join(", ");
  const what = doing === "give" ? "give a key these scopes" : "revoke a key with these scopes";
  throw new DomainError("not_allowed", { details: `Your role (${role}) cannot ${what}: ${needs}; ask an owner or admin of the account`, hint: doing === "give" ? "keyScopes" : "keyRevokeScopes" });
}

/** A new key made by a member of `role`; the key itself is returned once and only its hash is kept. */
export async function createDashboardApiKey(client: DbClient, scope: MerchantScope, role: MemberRole, input: { name: unknown; scopes: unknown }, makerUserId?: string) {
  const parsed = createKeySchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  const scopes = [...new Set(parsed.data.scopes)];
  assertMayGrantScopes(role, scopes);
  const { key, row } = newApiKeyRow(scope.merchantId, scope.environment, scopes);
  await client.apiKey.create({ data: { ...row, name: parsed.data.name, createdByUserId: makerUserId ?? null } });
  return { id: row.id, key, prefix: row.prefix, name: parsed.data.name, scopes: row.scopes };
}

async function findOwnKey(client: DbClient, scope: MerchantScope, keyId: string) {
  const key = await client.apiKey.findFirst({ where: { id: keyId, merchantId: scope.merchantId, environment: scope.environment, role: "merchant", revokedAt: null } });
  if (!key) throw notFound("API key", keyId);
  return key;
}

/**
 * A replacement with the same name and scopes; the old key keeps working for the chosen overlap
 * (so the integration can switch without downtime), then is refused with 401. The member gets the
 * new key, so the same rule as creating one applies: a key with a scope beyond their role (a
 * developer regenerating an owner's payout key) is refused, not regenerated with fewer scopes,
 * which would break the integration using it once the overlap ends.
 */
export async function regenerateApiKey(client: DbClient, scope: MerchantScope, role: MemberRole, options: { keyId: string; overlapSeconds: number; now?: Date; makerUserId?: string }) {
  const now = options.now ?? new Date();
  if (!(KEY_OVERLAPS as readonly number[]).includes(options.overlapSeconds)) {
    throw new DomainError("invalid", { field: "overlap", rule: "invalid", details: `overlap: must be one of ${KEY_OVERLAPS.join(", ")} seconds` });
  }
  const result = await inTransaction(client, async (tx) => {
    const old = await findOwnKey(tx, scope, options.keyId);
    if (old.expiresAt && old.expiresAt <= now) throw notFound("API key", options.keyId);
    assertMayGrantScopes(role, old.scopes as Scope[]);
    const expiresAt = new Date(now.getTime() + options.overlapSeconds * 1000);
    // Conditional on the row still being unexpired: two concurrent regenerations make one new key.
    const { count } = await tx.apiKey.updateMany({
      where: { id: old.id, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: expiresAt } }] },
      data: { expiresAt },
    });
    if (count !== 1) throw new DomainError("conflict", { details: "This key was regenerated meanwhile; reload the page", hint: "reload" });
    const { key, row } = newApiKeyRow(scope.merchantId, scope.environment, old.scopes as Scope[]);
    // The regenerating member is the new key's maker: its scopes are now theirs to answer for.
    await tx.apiKey.create({ data: { ...row, name: old.name, createdByUserId: options.makerUserId ?? old.createdByUserId } });
    return { id: row.id, key, prefix: row.prefix, name: old.name, scopes: row.scopes, oldKeyId: old.id, oldKeyExpiresAt: expiresAt };
  });
  // The cached row would still carry no expiry.
  forgetApiKey(options.keyId);
  return result;
}

/** Refused (40001) when the key carries a scope the member's role could not give it. */
export async function revokeDashboardApiKey(client: DbClient, scope: MerchantScope, role: MemberRole, keyId: string, now = new Date()) {
  const key = await findOwnKey(client, scope, keyId);
  assertMayGrantScopes(role, key.scopes as Scope[], "revoke");
  await client.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: now } });
  forgetApiKey(key.id);
  return { id: key.id, revoked: true };
}
