import type { Environment } from "@/lib/core/domain/environment";
import { DomainError } from "@/lib/core/errors/domain-error";
import type { DbClient } from "@/lib/core/db/client";
import { cacheApiKey, cachedApiKey } from "@/lib/core/cache/api-key-cache";
import { hashApiKey, hashesEqual, looksLikeApiKey, type Scope } from "@/lib/core/domain/api-keys";
import { isLiveActivated, liveNotActivated } from "@/lib/features/merchants/live-activation";

export type MerchantPrincipal = { merchantId: string; keyId: string; environment: Environment; scopes: string[] };

const LAST_USED_RESOLUTION_MS = 60_000;

function unauthorized(details: string) {
  return new DomainError("unauthenticated", { details });
}

/**
 * Whether the member who made the key has left its merchant. Their departure revokes their keys
 * (lib/features/auth/member-keys.ts, on better-auth's hooks); this holds if a way out skipped them
 * (a user row deleted, a membership removed by hand). Keys without a recorded maker are not checked.
 */
async function makerGone(db: DbClient, key: { merchantId: string; createdByUserId: string | null }): Promise<boolean> {
  if (!key.createdByUserId) return false;
  const member = await db.member.findUnique({ where: { organizationId_userId: { organizationId: key.merchantId, userId: key.createdByUserId } }, select: { id: true } });
  return member === null;
}

export function bearerToken(header: string | null): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  return match ? match[1] : null;
}

/**
 * Resolves the Authorization header to a merchant key valid for this environment and scope.
 * 401/40002 for a missing, unknown, revoked or other-environment key; 401/401 for a key whose
 * role is not a merchant's; 403/40001 for a live key of a merchant whose live payments are not
 * activated yet (live-activation.ts), and for a merchant key without the scope. Every API route,
 * through Next or the API lane, resolves its key here: this is the one place of both checks. It
 * reads the key (when not cached) and records its use in `db`, the client it is given.
 */
export async function authenticateApiKey(
  db: DbClient,
  header: string | null,
  environment: Environment,
  scope: Scope | null,
): Promise<MerchantPrincipal> {
  if (!header) throw unauthorized("Missing Authorization header: send 'Authorization: Bearer <API key>'");
  const token = bearerToken(header);
  if (!token) throw unauthorized("Malformed Authorization header: expected 'Bearer <API key>'");
  if (!looksLikeApiKey(token)) throw unauthorized("Invalid API key");

  const hash = hashApiKey(token);
  let key = cachedApiKey(hash) ?? null;
  if (!key) {
    const row = await db.apiKey.findUnique({ where: { hash }, include: { merchant: { select: { liveActivatedAt: true } } } });
    key = row && { ...row, makerGone: await makerGone(db, row) };
    if (key) cacheApiKey(hash, key);
  }
  if (!key || !hashesEqual(key.hash, hash) || key.revokedAt) throw unauthorized("Invalid or revoked API key");
  if (key.makerGone) throw unauthorized("Invalid or revoked API key: the member who made it left the account");
  // A regenerated key works until the overlap its merchant chose ends (read from the cached row
  // too: the end is known in advance, so the cache never lets it live longer).
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw unauthorized("This API key was regenerated and its overlap has ended: use the new key");
  if (key.environment !== environment) {
    throw unauthorized(
      environment === "sandbox"
        ? "This is a live key; sandbox requests (under /test) need an sk_test_ key"
        : "This is a sandbox key; use it under /test, or use an sk_live_ key in production",
    );
  }
  if (key.role !== "merchant") throw new DomainError("not_allowed", { reason: "role", details: "Not a merchant API key" });
  if (environment === "live" && !isLiveActivated(key.merchant)) throw liveNotActivated();
  if (scope && !key.scopes.includes(scope)) {
    throw new DomainError("not_allowed", { details: `This key lacks the '${scope}' scope` });
  }

  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Bookkeeping only: a failure here must not fail the request. (The cached row is updated
    // too, so the cache does not cause one update per request.)
    key.lastUsedAt = new Date();
    db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } }).catch(() => {});
  }
  return { merchantId: key.merchantId, keyId: key.id, environment, scopes: key.scopes };
}
