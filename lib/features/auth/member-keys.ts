import { db, type DbClient } from "@/lib/core/db/client";
import { errorFields, log } from "@/lib/core/logging/log";
import { ulid } from "@/lib/core/domain/ulid";
import { forgetApiKey } from "@/lib/core/cache/api-key-cache";
import { keysNoticeMail, type NarrowedKey } from "@/lib/integrations/mail/keys-notice-mail";
import { sendMail } from "@/lib/integrations/mail/send-mail";
import { isMemberRole, scopesRoleMayUse } from "./member-permissions";
import { merchantMailLanguage } from "./mail-language";
import { openTransaction } from "./open-transaction";
import { mailLocale } from "./request-locale";

// A key is its maker's hands on the API (lib/features/api-keys/manage-api-keys.ts): when the maker's
// role changes or they leave the merchant, their keys keep only the scopes the new role may use, and
// a key left with none is revoked. Called from better-auth's organization hooks (lib/features/auth/auth.ts),
// which every way of changing a role or removing a member goes through: the dashboard's team page,
// better-auth's own routes, a member leaving. Keys made before makers were recorded (null) are left
// as they are: nobody knows whose rights they carry (docs/security.md).

export type KeyChange = NarrowedKey & { keyId: string };

/**
 * Narrows (or revokes) the live and sandbox keys `userId` made for `merchantId` to what `role`
 * may use; `role` null (or not one of ours) when they are no longer a member. Returns what changed.
 */
export async function narrowKeysOfMaker(client: DbClient, merchantId: string, userId: string, role: string | null, now = new Date()): Promise<KeyChange[]> {
  const keys = await client.apiKey.findMany({
    where: { merchantId, createdByUserId: userId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
  });
  const changes: KeyChange[] = [];
  for (const key of keys) {
    const kept = isMemberRole(role) ? scopesRoleMayUse(role, key.scopes) : [];
    if (kept.length === key.scopes.length) continue;
    const removed = key.scopes.filter((scope) => !kept.includes(scope as never));
    // Conditional on the row as read: a concurrent revocation stays a revocation.
    const { count } = await client.apiKey.updateMany({
      where: { id: key.id, revokedAt: null },
      data: kept.length === 0 ? { revokedAt: now } : { scopes: kept },
    });
    forgetApiKey(key.id);
    if (count === 1) {
      changes.push({ keyId: key.id, name: key.name ?? key.prefix, prefix: key.prefix, environment: key.environment, removed, revoked: kept.length === 0 });
      // In the support view's audit log (lib/features/audit/record-audit.ts, which this folder may not
      // import: admin imports auth), by the service: no staff member decided it.
      await client.auditEntry.create({
        data: {
          id: `aud_${ulid()}`,
          staffId: null,
          action: kept.length === 0 ? "api_key.revoked_with_maker" : "api_key.narrowed_with_maker",
          targetType: "api_key",
          targetId: key.id,
          details: { merchantId, makerUserId: userId, makerRole: role, removedScopes: removed, keptScopes: kept },
        },
      });
    }
  }
  return changes;
}

/**
 * After a member's role changed or they left: their keys narrowed, each change in the audit log,
 * the merchant's owners told by mail, and the change logged (who, which keys, which scopes). A mail that cannot be sent is
 * logged; the keys are narrowed whatever happens to it.
 */
export async function afterMemberRightsChanged(change: { merchantId: string; userId: string; userEmail: string; role: string | null }) {
  const client = openTransaction() ?? db();
  const changes = await narrowKeysOfMaker(client, change.merchantId, change.userId, change.role);
  if (changes.length === 0) return changes;
  log("warn", "api keys narrowed after their maker's role changed", {
    merchantId: change.merchantId,
    makerUserId: change.userId,
    role: change.role,
    keys: changes.map((c) => ({ keyId: c.keyId, removed: c.removed, revoked: c.revoked })),
  });
  try {
    const owners = await client.member.findMany({ where: { organizationId: change.merchantId, role: "owner" }, select: { user: { select: { email: true } } } });
    const locale = await mailLocale(null, () => merchantMailLanguage(client, change.merchantId));
    for (const owner of owners) {
      await sendMail(keysNoticeMail({ to: owner.user.email, locale, maker: change.userEmail, stillMember: isMemberRole(change.role), keys: changes }));
    }
  } catch (error) {
    log("error", "api key notice not sent", { merchantId: change.merchantId, ...errorFields(error) });
  }
  return changes;
}
